import { Center, SegmentedControl, VisuallyHidden, type SegmentedControlProps } from '@mantine/core';
import { IconLayoutGrid, IconLayoutList } from '@tabler/icons-react';
import type { ReactNode } from 'react';
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

/** Grid or list, as two icon radios with spoken names. */
export function LayoutToggle({ value, onChange, ...props }: LayoutToggleProps) {
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
