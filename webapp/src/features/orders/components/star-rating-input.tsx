import { useId, useState } from 'react';
import classes from './star-rating-input.module.css';
import { formatCountOf } from '@/lib/formatters';

const STARS = [1, 2, 3, 4, 5];

interface StarRatingInputProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  /** The id of the error message under the stars, read with the group. */
  describedBy?: string;
  invalid?: boolean;
}

/**
 * 1 to 5 stars as a native radio group ("1 star" … "5 stars", no "0"): the arrow keys move
 * and select as in any radio group, and the stars fill up to the one chosen (or hovered).
 * Mantine's Rating only previews on the arrow keys and has a hidden "0" radio.
 */
export function StarRatingInput({ label, value, onChange, describedBy, invalid }: StarRatingInputProps) {
  const name = useId();
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <fieldset
      className={classes.root}
      role="radiogroup"
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onMouseLeave={() => setHovered(0)}
    >
      {STARS.map((stars) => (
        <label key={stars} className={classes.star} onMouseEnter={() => setHovered(stars)}>
          <input
            className={classes.input}
            type="radio"
            name={name}
            value={stars}
            checked={value === stars}
            onChange={() => onChange(stars)}
            aria-label={formatCountOf(stars, 'star')}
          />
          <svg
            className={classes.symbol}
            data-filled={stars <= shown || undefined}
            viewBox="0 0 24 24"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden
          >
            <path d="M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z" />
          </svg>
        </label>
      ))}
    </fieldset>
  );
}
