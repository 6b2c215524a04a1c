import { Anchor, Checkbox, Divider, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';

export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

interface FacetChecklistProps {
  legend: string;
  options: FacetOption[];
  selected: string[];
  onToggle: (value: string) => void;
  /** Show this many at first, with "Show more" for the rest. */
  initial?: number;
}

/**
 * A fieldset of checkboxes with result counts (brands, categories, sizes, conditions). A
 * choice with no results is left out ("XXS (0)" helps nobody) unless it is ticked, so it
 * can be unticked. A facet with no choice left is not shown at all, nor its divider (the
 * search or the price range leaves nothing to narrow; "None yet" under each read as if the
 * shop were empty, and a search matching nothing left a stack of bare dividers).
 */
export function FacetChecklist({ legend, options: all, selected, onToggle, initial }: FacetChecklistProps) {
  const [expanded, setExpanded] = useState(false);
  const options = all.filter((option) => option.count > 0 || selected.includes(option.value.toLowerCase()));
  const limit = initial && !expanded ? initial : options.length;
  const visible = options.slice(0, limit);
  const hidden = options.length - visible.length;
  if (options.length === 0) return null;

  return (
    <>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={600} size="sm" mb="xs">
          {legend}
        </Text>
        <Stack gap={8}>
          {visible.map((option) => (
            <Checkbox
              key={option.value}
              checked={selected.includes(option.value.toLowerCase())}
              onChange={() => onToggle(option.value)}
              label={
                <Group gap={6} wrap="nowrap">
                  <span>{option.label}</span>
                  <Text span size="xs" c="dimmed">
                    ({option.count})
                  </Text>
                </Group>
              }
            />
          ))}
        </Stack>
        {initial !== undefined && options.length > initial && (
          <Anchor component="button" type="button" size="sm" mt="xs" onClick={() => setExpanded(!expanded)}>
            {expanded ? 'Show less' : `Show more (${hidden})`}
          </Anchor>
        )}
      </fieldset>
      <Divider />
    </>
  );
}
