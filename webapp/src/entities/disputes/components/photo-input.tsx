import { CloseButton, FileButton, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { READ_FAILED, readAsDataUrl } from '@/lib/read-file';
import { MAX_PHOTOS } from '../api';

/** Up to five photos as data URLs (the server checks them like listing photos). */
export function PhotoInput({ photos, onChange }: { photos: string[]; onChange: (photos: string[]) => void }) {
  const [error, setError] = useState<string | null>(null);
  async function add(files: File[]) {
    setError(null);
    const images = files.filter((file) => file.type.startsWith('image/'));
    if (images.length < files.length) setError('Only image files can be added');
    const room = MAX_PHOTOS - photos.length;
    if (images.length > room) setError(`You can add at most ${MAX_PHOTOS} photos`);
    try {
      const urls = await Promise.all(images.slice(0, Math.max(0, room)).map(readAsDataUrl));
      onChange([...photos, ...urls]);
    } catch {
      setError(READ_FAILED);
    }
  }
  return (
    <Stack gap={6}>
      <Group gap="xs">
        {photos.map((photo, index) => (
          <div key={index} style={{ position: 'relative' }}>
            <Image src={photo} alt={`Photo ${index + 1}`} w={64} h={64} radius="sm" fit="cover" />
            <CloseButton
              size="xs"
              aria-label={`Remove photo ${index + 1}`}
              style={{ position: 'absolute', top: 2, right: 2 }}
              onClick={() => onChange(photos.filter((_, i) => i !== index))}
            />
          </div>
        ))}
      </Group>
      {photos.length < MAX_PHOTOS && (
        <FileButton onChange={(files) => void add(files)} accept="image/*" multiple>
          {(props) => (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPhotoPlus size={16} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
              {...props}
            >
              Add photos ({photos.length}/{MAX_PHOTOS})
            </Button>
          )}
        </FileButton>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
