import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { Product } from '@/entities/product/product';
import type { ListingInput } from './api';
import { EMPTY_LISTING, validateListing, type ListingValues } from './listing-validation';
import { addFiles, existingPhotos, type Photo } from './photos';

/** The form's values: the typed fields and the photos, in order (the first is the cover). */
export interface ListingFormValues extends ListingValues {
  images: Photo[];
}

function valuesOf(product?: Product): ListingFormValues {
  if (!product) return { ...EMPTY_LISTING, images: [] };
  const { title, description, price, brand, size, condition, category } = product;
  return {
    title,
    description,
    price,
    brand,
    size,
    condition,
    category,
    images: existingPhotos(product.images, product.thumbnails),
  };
}

/** What POST/PUT /api/products take: trimmed text and photos as URLs or data URLs. */
function toInput({ images, ...values }: ListingFormValues): ListingInput {
  return {
    ...values,
    title: values.title.trim(),
    description: values.description.trim(),
    brand: values.brand.trim(),
    images: images.map((photo) => photo.src),
  };
}

/** The create/edit listing form (@mantine/form) plus reading picked files into photos. */
export function useListingForm(product?: Product) {
  const form = useForm<ListingFormValues, ListingInput>({
    mode: 'controlled',
    initialValues: valuesOf(product),
    validate: (values) => validateListing(values, values.images.length),
    transformValues: toInput,
  });
  const [reading, setReading] = useState(false);

  const addPhotos = async (files: File[]) => {
    setReading(true);
    const result = await addFiles(form.getValues().images, files);
    setReading(false);
    form.setFieldValue('images', result.photos);
    form.setFieldError('images', result.error);
  };

  return { form, reading, addPhotos };
}
