export const READ_FAILED = 'Failed to read the image file. Please try again.';

/** A picked file as a data URL (how the API takes photos). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error(READ_FAILED));
    reader.onerror = () => reject(reader.error ?? new Error(READ_FAILED));
    reader.readAsDataURL(file);
  });
}
