import { Box, Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useState } from 'react';
import classes from './tour-dialog.module.css';
import { TOUR_STEPS } from './tour-steps';

const LAST = TOUR_STEPS.length - 1;

/** The six-step welcome tour; loaded only when it opens (tour-dialog.tsx), never up front. */
export default function TourModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [step, setStep] = useState(0);
  const current = TOUR_STEPS[step];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={current.title}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Close tour' }}
    >
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          {current.icon}
        </ThemeIcon>
        <Text>{current.text}</Text>
        <Group gap={6} aria-hidden>
          {TOUR_STEPS.map((tourStep, index) => (
            <Box key={tourStep.title} className={classes.dot} data-active={index === step || undefined} />
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          Step {step + 1} of {TOUR_STEPS.length}
        </Text>
      </Stack>
      <Group justify="space-between" mt="lg">
        <Button variant="default" disabled={step === 0} onClick={() => setStep(step - 1)}>
          Previous
        </Button>
        {step < LAST ? (
          <Button onClick={() => setStep(step + 1)}>Next</Button>
        ) : (
          <Button onClick={onClose}>Finish</Button>
        )}
      </Group>
    </Modal>
  );
}
