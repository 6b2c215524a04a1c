import { ActionIcon, AspectRatio, Badge, Group, Input, Text } from '@mantine/core';
import { IconCameraPlus, IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { MAX_LISTING_IMAGES } from '@/entities/product/catalog-enums';
import { movePhoto, type Photo } from '../photos';
import classes from './photo-picker.module.css';

interface PhotoPickerProps {
  photos: Photo[];
  onChange: (photos: Photo[]) => void;
  onFiles: (files: File[]) => void;
  error?: string;
}

const CONTROL = { size: 'sm', variant: 'white', color: 'dark', radius: 'xl' } as const;

function PhotoTile({
  photos,
  index,
  onChange,
  invalid,
}: {
  photos: Photo[];
  index: number;
  onChange: (photos: Photo[]) => void;
  invalid: boolean;
}) {
  const photo = photos[index];
  const n = index + 1;
  return (
    <AspectRatio ratio={4 / 5}>
      <div className={classes.tile} data-refused={invalid || undefined}>
        {/* The listing's photos by number, in the order the shop shows them. */}
        {/* eslint-disable-next-line jsx-a11y/img-redundant-alt */}
        <img src={photo.preview} alt={`Photo ${n}`} className={classes.image} />
        {index === 0 && (
          <Badge className={classes.cover} size="sm">
            Cover
          </Badge>
        )}
        <div className={classes.controls}>
          <Group gap={4}>
            <ActionIcon
              {...CONTROL}
              aria-label={`Move photo ${n} left`}
              disabled={index === 0}
              onClick={() => onChange(movePhoto(photos, index, -1))}
            >
              <IconChevronLeft size={16} />
            </ActionIcon>
            <ActionIcon
              {...CONTROL}
              aria-label={`Move photo ${n} right`}
              disabled={n === photos.length}
              onClick={() => onChange(movePhoto(photos, index, 1))}
            >
              <IconChevronRight size={16} />
            </ActionIcon>
          </Group>
          <ActionIcon
            {...CONTROL}
            color="red"
            aria-label={`Remove photo ${n}`}
            onClick={() => onChange(photos.filter((other) => other.key !== photo.key))}
          >
            <IconX size={16} />
          </ActionIcon>
        </div>
      </div>
    </AspectRatio>
  );
}

/** Up to 5 photos: pick one or more at a time, reorder with the arrow buttons, remove. */
export function PhotoPicker({ photos, onChange, onFiles, error }: PhotoPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  // The wrapper names its error `${id}-error` and its description `${id}-description`: the Add
  // photos button (where an empty submit puts the focus: `data-invalid`, as a button takes no
  // aria-invalid) is described by both, so a screen reader says "At least one image is
  // required" there.
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, `${id}-description`].filter(Boolean).join(' ');
  // The server names the photo it refused ("Photo 2 is larger than 10 MB…"): mark its tile.
  const refused = Number(/^Photo (\d+) /.exec(error ?? '')?.[1] ?? 0);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    onFiles(Array.from(event.currentTarget.files ?? []));
    event.currentTarget.value = '';
  };

  return (
    <Input.Wrapper
      id={id}
      description={`Add up to ${MAX_LISTING_IMAGES} photos; the first one is the cover. ${photos.length}/${MAX_LISTING_IMAGES} added.`}
      error={error}
    >
      <div className={classes.grid} data-photo-picker>
        {photos.map((photo, index) => (
          <PhotoTile
            key={photo.key}
            photos={photos}
            index={index}
            onChange={onChange}
            invalid={refused === index + 1}
          />
        ))}
        {photos.length < MAX_LISTING_IMAGES && (
          <AspectRatio ratio={4 / 5}>
            <button
              type="button"
              className={classes.add}
              onClick={() => input.current?.click()}
              data-invalid={error ? 'true' : undefined}
              aria-describedby={describedBy}
            >
              <IconCameraPlus size={28} aria-hidden />
              <Text size="sm" fw={600}>
                Add photos
              </Text>
            </button>
          </AspectRatio>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={picked}
        aria-label="Upload photos"
      />
    </Input.Wrapper>
  );
}
