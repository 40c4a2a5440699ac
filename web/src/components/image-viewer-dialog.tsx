import { variationName, variationOfStyle } from '@shared/domain';
import { ExternalLink } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** A style as the user knows it: a variation's name (`variation-1` → its name), else the style itself. */
function styleName(style: string): string {
  const variation = variationOfStyle(style);
  return variation ? variationName(variation) : style;
}

export interface ViewerImage {
  url: string;
  prompt: string;
  style: string | null;
}

/** A render at full size, with a link that opens the image in a new tab. */
export function ImageViewerDialog({ image, onClose }: { image: ViewerImage | null; onClose: () => void }) {
  return (
    <Dialog open={!!image} onOpenChange={(open) => (open ? undefined : onClose())} className="max-w-5xl">
      {image ? (
        <>
          <DialogHeader>
            <DialogTitle>{image.style ? `Render: ${styleName(image.style)}` : 'Render'}</DialogTitle>
            <DialogDescription className="line-clamp-3">{image.prompt}</DialogDescription>
          </DialogHeader>
          <div className="flex min-h-0 items-center justify-center rounded-lg bg-slate-100">
            <img
              src={image.url}
              alt={image.prompt}
              className="max-h-[70vh] w-auto max-w-full object-contain"
            />
          </div>
          <a
            href={image.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: 'outline', className: 'self-end' })}
          >
            <ExternalLink aria-hidden="true" />
            Open in new tab
          </a>
        </>
      ) : null}
    </Dialog>
  );
}
