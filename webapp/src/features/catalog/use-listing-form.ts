import { useState } from 'react';
import type { Product } from '@/entities/product/product';
import { EMPTY_LISTING, validateListing, type ListingErrors, type ListingValues } from './listing-validation';
import { addFiles, existingPhotos, type Photo } from './photos';

function valuesOf(product: Product): ListingValues {
  const { title, description, price, brand, size, condition, category } = product;
  return { title, description, price, brand, size, condition, category };
}

/** State of the create/edit listing form: values, photos, errors (client and server). */
export function useListingForm(product?: Product) {
  const [values, setValues] = useState<ListingValues>(() => (product ? valuesOf(product) : EMPTY_LISTING));
  const [photos, setPhotos] = useState<Photo[]>(() => (product ? existingPhotos(product.images, product.thumbnails) : []));
  const [errors, setErrors] = useState<ListingErrors>({});
  const [reading, setReading] = useState(false);

  const set = (name: keyof ListingValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const changePhotos = (next: Photo[]) => {
    setPhotos(next);
    setErrors((current) => ({ ...current, images: undefined }));
  };

  const addPhotos = async (files: File[]) => {
    setReading(true);
    const result = await addFiles(photos, files);
    setReading(false);
    setPhotos(result.photos);
    setErrors((current) => ({ ...current, images: result.error }));
  };

  /** Runs the spec checks and shows what they found. */
  const check = (): ListingErrors => {
    const found = validateListing(values, photos.length);
    setErrors(found);
    return found;
  };

  return { values, photos, errors, reading, set, changePhotos, addPhotos, check, setErrors };
}
