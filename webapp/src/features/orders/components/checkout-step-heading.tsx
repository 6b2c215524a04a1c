import { Title } from '@mantine/core';
import { useEffect, useRef } from 'react';

interface StepHeadingProps {
  index: number;
  count: number;
  label: string;
  /** Take the focus when shown: true once the buyer has moved between steps. */
  focus: boolean;
}

/** "Step 2 of 3: Payment" at the top of a checkout step. Each step mounts its own (give each a
 *  key: the Stepper shows them at one place in the tree), which takes the focus, so keyboard
 *  and screen-reader users land on it and hear the step (the focus would otherwise drop to
 *  <body> as the previous step's button unmounts). */
export function StepHeading({ index, count, label, focus }: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Title order={2} size="h4" mb="md" ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      Step {index + 1} of {count}: {label}
    </Title>
  );
}
