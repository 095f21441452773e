//! What the thumbnail field and the Insert picture dialog share: a picture dropped or pasted
//! onto an area, the chosen file shown at once, and the upload's progress.
import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { firstPicture } from '@/lib/upload';

/**
 * Handlers for an area that takes a picture dropped onto it or pasted into it (a paste that
 * holds no picture, such as text into a URL field, goes on as usual).
 */
export function usePictureDrop(onFile: (file: File) => void, disabled = false) {
  const [dragging, setDragging] = useState(false);
  const over = (event: DragEvent) => {
    if (disabled || !Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  return {
    dragging,
    handlers: {
      onDragEnter: over,
      onDragOver: over,
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      },
      onDrop: (event: DragEvent) => {
        setDragging(false);
        if (disabled) return;
        const file = firstPicture(event.dataTransfer.files);
        if (!file) return;
        event.preventDefault();
        onFile(file);
      },
      onPaste: (event: ClipboardEvent) => {
        if (disabled) return;
        const file = firstPicture(event.clipboardData.files);
        if (!file) return;
        event.preventDefault();
        onFile(file);
      },
    },
  };
}

/** An address for showing a chosen file before it is uploaded; revoked when replaced. */
export function useLocalPreview() {
  const [url, setUrl] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  const replace = (next: string | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = next;
    setUrl(next);
  };
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );
  return { url, show: (file: Blob) => replace(URL.createObjectURL(file)), clear: () => replace(null) };
}

/** The chosen picture, dimmed, with how much of it has been sent. */
export function UploadProgress({ value, preview }: { value: number; preview: string | null }) {
  const percent = Math.round(value * 100);
  return (
    <div className="flex items-center gap-3" aria-live="polite">
      {preview ? (
        <img
          src={preview}
          alt="Your upload, being sent"
          className="size-16 rounded-md border object-cover opacity-70"
        />
      ) : null}
      <div className="min-w-40 flex-1 space-y-1">
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="bg-muted h-2 overflow-hidden rounded-full"
        >
          <div className="bg-primary h-full transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-muted-foreground text-xs">Uploading... {percent}%</p>
      </div>
    </div>
  );
}
