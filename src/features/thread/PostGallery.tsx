// A post's images as a 1-, 2- or 3-column grid; a click opens the full-size image, Escape or Close shuts it.
import { Dialog as RadixDialog } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { galleryColumns } from './gallery.ts';
import styles from './PostGallery.module.css';

export function PostGallery({ images }: { images: string[] }) {
  const [open, setOpen] = useState<string | null>(null);
  if (images.length === 0) return null;
  return (
    <>
      <ul className={styles.grid} data-columns={galleryColumns(images.length)} aria-label="Images">
        {images.map((src, i) => (
          <li key={src}>
            <button type="button" className={styles.thumb} onClick={() => setOpen(src)}>
              <img
                src={src}
                alt={`Image ${i + 1} of ${images.length}, open full size`}
                loading="lazy"
                decoding="async"
              />
            </button>
          </li>
        ))}
      </ul>
      <RadixDialog.Root open={open !== null} onOpenChange={(isOpen) => !isOpen && setOpen(null)}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className={styles.overlay} />
          <RadixDialog.Content className={styles.viewer} aria-describedby={undefined}>
            <RadixDialog.Title className="sr-only">Full-size image</RadixDialog.Title>
            {open && <img src={open} alt="" className={styles.full} />}
            <RadixDialog.Close asChild>
              <Button variant="ghost" iconOnly className={styles.close} aria-label="Close image">
                <Icon name="close" />
              </Button>
            </RadixDialog.Close>
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    </>
  );
}
