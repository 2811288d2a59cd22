// The upload arrow of the avatar and bulk-import screens, kept out of the first screen's icon set.
import type { SVGProps } from 'react';
import { PathIcon } from './icons.tsx';

export function UploadIcon(props: { size?: number } & SVGProps<SVGSVGElement>) {
  return <PathIcon d="M12 16V4m-5 5 5-5 5 5M4 20h16" {...props} />;
}
