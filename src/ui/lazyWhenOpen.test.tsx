import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { lazyWhenOpen } from './lazyWhenOpen.tsx';

/** A stand-in dialog, and how many times its code was asked for. */
function countedDialog() {
  const counted = { loads: 0 };
  const Dialog = lazyWhenOpen(async () => {
    counted.loads += 1;
    return ({ open, title }: { open: boolean; title: string }) => <div role="dialog">{`${title} ${open}`}</div>;
  });
  return { Dialog, counted };
}

async function html(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

describe('lazyWhenOpen', () => {
  it('renders nothing and loads no code while the dialog is closed', async () => {
    const { Dialog, counted } = countedDialog();
    expect(await html(<Dialog open={false} title="Report post" />)).toBe('');
    expect(counted.loads).toBe(0);
  });

  it('loads the code once and renders the dialog when it opens', async () => {
    const { Dialog, counted } = countedDialog();
    expect(await html(<Dialog open title="Report post" />)).toContain('Report post true');
    expect(await html(<Dialog open title="Delete post" />)).toContain('Delete post true');
    expect(counted.loads).toBe(1);
  });
});
