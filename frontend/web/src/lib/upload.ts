//! Uploading a picture with progress. `fetch` cannot report how much of a request body has
//! been sent, so this one call uses XMLHttpRequest; it answers and fails exactly as the SDK's
//! generated `uploadPicture` does (the parsed `UploadDto`, or `ApiError` with the server's
//! message, or the SDK's network error), so screens handle its errors the one usual way.
import { ApiError, errorText, getSdkConfig, NETWORK_ERROR_MESSAGE, type UploadDto } from '@grace-stories/sdk/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

/** The picture formats the server accepts (it decides from the bytes; this only filters the picker). */
export const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `POST /api/uploads` with `file`, reporting the share sent so far (0 to 1). */
export function uploadWithProgress(file: Blob, onProgress: (sent: number) => void): Promise<UploadDto> {
  const { baseUrl, headers } = getSdkConfig();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${baseUrl}/api/uploads`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as UploadDto);
      else reject(new ApiError(xhr.status, errorText(body, xhr.responseText, xhr.statusText), body));
    };
    xhr.onerror = () => reject(new Error(NETWORK_ERROR_MESSAGE));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** A picture upload as a react-query mutation, with its progress (null when none runs). */
export function usePictureUpload(options: {
  onSuccess: (upload: UploadDto) => void;
  onError: (error: unknown) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: Blob) => {
      setProgress(0);
      return uploadWithProgress(file, setProgress);
    },
    onSuccess: options.onSuccess,
    onError: options.onError,
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

/** The first picture among files dropped or pasted, if any. */
export function firstPicture(files: FileList | File[] | null | undefined): File | null {
  return Array.from(files ?? []).find((file) => file.type.startsWith('image/')) ?? null;
}
