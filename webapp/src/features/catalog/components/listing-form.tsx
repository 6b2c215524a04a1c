import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { Product } from '@/entities/product/product';
import { useSaveListing } from '../api';
import { useListingForm } from '../use-listing-form';
import { ItemFields, PriceField, TitleDescriptionFields } from './listing-fields';
import { PhotoPicker } from './photo-picker';
import { SellerNetPreview } from './seller-net-preview';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">{title}</Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

/** Moves focus to the first field with an error (the photo picker comes first). */
function revealFirstError(photos: boolean) {
  requestAnimationFrame(() => {
    const target = photos
      ? document.querySelector<HTMLElement>('[data-photo-picker] button')
      : document.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}

/** Create (no product) or edit a listing: photos, details, price with earnings, item facts. */
export function ListingForm({ product }: { product?: Product }) {
  const form = useListingForm(product);
  const save = useSaveListing(product?.id);
  const navigate = useNavigate();
  const failure = product ? 'Failed to update listing. Please try again.' : 'Failed to create listing. Please try again.';

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = form.check();
    if (Object.keys(problems).length > 0) return revealFirstError(Boolean(problems.images));
    const { values } = form;
    save.mutate(
      { ...values, title: values.title.trim(), description: values.description.trim(), brand: values.brand.trim(), images: form.photos.map((photo) => photo.src) },
      {
        onSuccess: (saved) => {
          notifySuccess(product ? 'Listing updated' : 'Listing created', `${saved.title} is live in the shop.`);
          navigate(`/product/${saved.id}`);
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          notifyError(errorMessage(error, failure));
        },
      },
    );
  }

  const fields = { values: form.values, errors: form.errors, set: form.set };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Section title="Photos">
          <PhotoPicker photos={form.photos} onChange={form.changePhotos} onFiles={(files) => void form.addPhotos(files)} error={form.errors.images} />
        </Section>
        <Section title="Describe your item">
          <TitleDescriptionFields {...fields} />
          <ItemFields {...fields} />
        </Section>
        <Section title="Price">
          <PriceField {...fields} />
          <SellerNetPreview price={form.values.price} />
          <Alert variant="light" color="gray" icon={<IconTruckDelivery />} title="Shipping">
            Shipping is a flat $5.00, paid by the buyer. Ship within 3 business days of payment.
          </Alert>
        </Section>
        {save.isPending && (
          <Stack gap={4} role="status">
            <Text size="sm">{form.photos.length > 1 ? `Uploading ${form.photos.length} photos…` : 'Uploading your photo…'}</Text>
            <Progress value={100} animated striped aria-label="Uploading" />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="md" disabled={save.isPending}
            onClick={() => navigate(product ? `/product/${product.id}` : '/')}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending || form.reading} size="md">
            {product ? 'Save changes' : 'Create Listing'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
