import { ActionIcon, FileButton, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { READ_FAILED, readAsDataUrl } from '@/lib/read-file';
import { useFocusWhenShown } from '@/lib/use-focus-when-shown';
import { MAX_PHOTOS } from '../api';

/** Up to five photos as data URLs (the server checks them like listing photos). Removing one
 *  hands the keyboard to the next photo's remove button, or to Add photos after the last. */
export function PhotoInput({ photos, onChange }: { photos: string[]; onChange: (photos: string[]) => void }) {
  const [error, setError] = useState<string | null>(null);
  const tiles = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusWhenShown = useFocusWhenShown();
  function remove(index: number) {
    const left = photos.length - 1;
    onChange(photos.filter((_, i) => i !== index));
    focusWhenShown(() => {
      const removers = tiles.current?.querySelectorAll<HTMLElement>('[data-remove]') ?? [];
      if (removers.length !== left) return null; // not drawn yet
      return removers[Math.min(index, left - 1)] ?? addButton.current;
    });
  }
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
      <Group gap="xs" ref={tiles}>
        {photos.map((photo, index) => (
          <div key={index} style={{ position: 'relative' }}>
            <Image src={photo} alt={`Photo ${index + 1}`} w={72} h={72} radius="sm" fit="cover" />
            {/* A white disc whatever the photo's colours, big enough for a thumb (an 18 px
                grey × on the photo was hard to see and to hit on a phone). */}
            <ActionIcon
              variant="white"
              color="dark"
              radius="xl"
              size="md"
              aria-label={`Remove photo ${index + 1}`}
              data-remove
              style={{ position: 'absolute', top: 4, right: 4, boxShadow: 'var(--mantine-shadow-xs)' }}
              onClick={() => remove(index)}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </div>
        ))}
      </Group>
      {photos.length < MAX_PHOTOS && (
        <FileButton onChange={(files) => void add(files)} accept="image/*" multiple>
          {(props) => (
            <Button
              ref={addButton}
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
