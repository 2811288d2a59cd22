// What every route shares: toasts at the top right and tooltips; the page itself renders in the outlet.
import { Outlet } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { TooltipProvider } from '../ui/Tooltip.tsx';

export function RootLayout() {
  return (
    <TooltipProvider delayDuration={300}>
      <Outlet />
      <Toaster position="top-right" theme="system" richColors closeButton />
    </TooltipProvider>
  );
}
