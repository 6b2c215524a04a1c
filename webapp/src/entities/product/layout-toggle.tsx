import { Center, SegmentedControl, VisuallyHidden, type SegmentedControlProps } from '@mantine/core';
import { IconLayoutGrid, IconLayoutList } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useShownFrom } from '@/lib/use-shown-from';
import type { ProductLayout } from './product-card';

function Label({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Center>
      <span aria-hidden style={{ display: 'flex' }}>
        {icon}
      </span>
      <VisuallyHidden>{text}</VisuallyHidden>
    </Center>
  );
}

const DATA = [
  { value: 'grid', label: <Label icon={<IconLayoutGrid size={16} />} text="Grid view" /> },
  { value: 'list', label: <Label icon={<IconLayoutList size={16} />} text="List view" /> },
];

interface LayoutToggleProps extends Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'> {
  value: ProductLayout;
  onChange: (layout: ProductLayout) => void;
}

/** Grid or list, as two icon radios with spoken names. With `visibleFrom`, nothing is
 * rendered below that width (Mantine's control measures itself as it mounts, a forced
 * layout of the whole page, even when CSS hides it). */
export function LayoutToggle({ value, onChange, ...props }: LayoutToggleProps) {
  const shown = useShownFrom(props.visibleFrom);
  if (!shown) return null;
  return (
    <SegmentedControl
      aria-label="Layout"
      data={DATA}
      value={value}
      onChange={(next) => onChange(next as ProductLayout)}
      {...props}
    />
  );
}
