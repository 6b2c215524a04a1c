import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { submitWith } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { photoUploadError } from '@/lib/photo-file';
import { POLICY } from '@/lib/policy';
import type { Product } from '@/entities/product/product';
import { useSaveListing } from '../api';
import type { ListingErrors, ListingValues } from '../listing-validation';
import { useListingForm } from '../use-listing-form';
import { ItemFields, PriceField, TitleDescriptionFields } from './listing-fields';
import { PhotoPicker } from './photo-picker';
import { SellerNetPreview } from './seller-net-preview';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

/** Create (no product) or edit a listing: photos, details, price with earnings, item facts. */
export function ListingForm({ product }: { product?: Product }) {
  const { form, reading, addPhotos } = useListingForm(product);
  const save = useSaveListing(product?.id);
  const navigate = useNavigate();
  const photos = form.values.images;

  // A 413 (a photo over the server's limit) is said under the photos, not only in a toast.
  const send = (input: Parameters<typeof save.mutateAsync>[0]) =>
    save.mutateAsync(input).catch((error: unknown) => {
      throw photoUploadError(error, 'images');
    });
  const submit = submitWith(form, send, {
    fallback: product
      ? 'Failed to update listing. Please try again.'
      : 'Failed to create listing. Please try again.',
    onSuccess: (saved) => {
      notifySuccess(product ? 'Listing updated' : 'Listing created', `${saved.title} is live in the shop.`);
      navigate(`/product/${saved.id}`);
    },
  });

  const fields = {
    values: form.values,
    errors: form.errors as ListingErrors,
    set: (name: keyof ListingValues, value: string) => form.setFieldValue(name, value),
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Section title="Photos">
          <PhotoPicker
            photos={photos}
            onChange={(next) => form.setFieldValue('images', next)}
            onFiles={(files) => void addPhotos(files)}
            error={fields.errors.images}
          />
        </Section>
        <Section title="Describe your item">
          <TitleDescriptionFields {...fields} />
          <ItemFields {...fields} />
        </Section>
        <Section title="Price">
          <PriceField {...fields} />
          <SellerNetPreview price={form.values.price} />
          <Alert variant="light" color="gray" icon={<IconTruckDelivery />} title="Shipping">
            Shipping is a flat {POLICY.shippingFee}, paid by the buyer. Ship within {POLICY.shipWithin} of
            payment.
          </Alert>
        </Section>
        {form.submitting && (
          <Stack gap={4} role="status">
            <Text size="sm">
              {photos.length > 1 ? `Uploading ${photos.length} photos…` : 'Uploading your photo…'}
            </Text>
            <Progress value={100} animated striped aria-label="Uploading" />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            size="md"
            disabled={form.submitting}
            onClick={() => navigate(product ? `/product/${product.id}` : '/')}
          >
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting || reading} size="md">
            {product ? 'Save changes' : 'Create Listing'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
