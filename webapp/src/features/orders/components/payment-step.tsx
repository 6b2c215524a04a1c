import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export type PaymentMethod = 'card' | 'paypal';

interface PaymentStepProps {
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  onBack: () => void;
  onNext: () => void;
}

/** Step 2: peer-to-peer app payment (spec: the 'card' choice); PayPal is shown unavailable. */
export function PaymentStep({ method, onChange, onBack, onNext }: PaymentStepProps) {
  return (
    <Stack gap="md">
      <Radio.Group
        label="Payment method"
        value={method}
        onChange={(value) => onChange(value as PaymentMethod)}
      >
        <Stack gap="xs" mt="xs">
          <Radio
            value="card"
            label="Peer-to-peer payment app (Venmo, Zelle, Cash App)"
            description="After you place the order you send the total to Rethread's business account with your order number as the reference."
          />
          <Radio value="paypal" label="PayPal" />
        </Stack>
      </Radio.Group>
      {method === 'paypal' && (
        <Alert color="yellow" icon={<IconAlertCircle />} title="PayPal is currently unavailable" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Please pay with a peer-to-peer payment app instead.</Text>
            <Button size="xs" variant="white" onClick={() => onChange('card')}>
              Switch to peer-to-peer payment
            </Button>
          </Stack>
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onNext} disabled={method !== 'card'}>
          Review Order
        </Button>
      </Group>
    </Stack>
  );
}
