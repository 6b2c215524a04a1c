import { MAX_LISTING_IMAGES } from '@/entities/product/catalog-enums';
import { photoProblem } from '@/lib/photo-file';
import { READ_FAILED, readAsDataUrl } from '@/lib/read-file';

export { READ_FAILED, readAsDataUrl };

/** A listing photo in the form: `src` is what is sent (a kept URL or a new data URL). */
export interface Photo {
  key: string;
  src: string;
  preview: string;
}

export const NOT_AN_IMAGE = 'Only image files can be uploaded';
export const TOO_MANY = `You can add at most ${MAX_LISTING_IMAGES} photos`;

let counter = 0;
const nextKey = () => `photo-${++counter}`;

export interface AddResult {
  photos: Photo[];
  error?: string;
}

/**
 * Reads picked files into photos: images only, up to the limit. A photo the server would
 * refuse (over its size limit, not a JPEG, PNG, WebP or GIF that decodes) is left out as it
 * is picked; `error` says what was refused, by file name, for beside the picker.
 */
export async function addFiles(current: Photo[], files: File[]): Promise<AddResult> {
  const images = files.filter((file) => file.type.startsWith('image/'));
  const problems: string[] = images.length < files.length ? [NOT_AN_IMAGE] : [];
  const good: File[] = [];
  // One at a time: each check decodes a whole photo.
  for (const file of images) {
    const problem = await photoProblem(file);
    if (problem) problems.push(problem);
    else good.push(file);
  }
  const room = MAX_LISTING_IMAGES - current.length;
  const taken = good.slice(0, Math.max(0, room));
  if (good.length > taken.length) problems.push(TOO_MANY);
  const error = problems.length ? problems.join(' ') : undefined;
  try {
    const urls = await Promise.all(taken.map(readAsDataUrl));
    return {
      photos: [...current, ...urls.map((url) => ({ key: nextKey(), src: url, preview: url }))],
      error,
    };
  } catch {
    return { photos: current, error: READ_FAILED };
  }
}

/** The photos a listing already has (display URLs to keep, thumbnails to preview). */
export function existingPhotos(images: string[], thumbnails: string[]): Photo[] {
  return images.map((src, index) => ({ key: nextKey(), src, preview: thumbnails[index] ?? src }));
}

export function movePhoto(photos: Photo[], index: number, by: -1 | 1): Photo[] {
  const target = index + by;
  if (target < 0 || target >= photos.length) return photos;
  const next = [...photos];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
