import { ActionIcon, Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { nextAfterRemoving, removeControlOf, useFocusWhenShown } from '@/lib/use-focus-when-shown';
import { useBundleDiscounts, useSetBundleDiscounts } from './bag';
import { SettingsSection } from '@/components/settings-section';

interface Row {
  /** Its own key while edited: a row removed from the middle takes its fields with it. */
  id: number;
  minItems: number | string;
  percent: number | string;
}

let lastRowId = 0;
const newRow = (minItems: number | string, percent: number | string): Row => ({
  id: ++lastRowId,
  minItems,
  percent,
});

const MAX_TIERS = 3;

/** A seller's bundle discounts (up to 3 tiers); the server checks them and answers with a
 * sentence when they are wrong. A new row takes the focus in its first field (it appears
 * above the button that added it); a removed row's focus goes to the remove button of the
 * row that took its place, or the new last one, or Add a discount. */
export function BundleDiscountsForm({ userId }: { userId: number }) {
  const saved = useBundleDiscounts(userId);
  const save = useSetBundleDiscounts(userId);
  const [rows, setRows] = useState<Row[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const section = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusWhenShown = useFocusWhenShown();
  // The saved tiers, each time they (re)load, replace the rows being edited.
  const [shown, setShown] = useState(saved.data);
  if (saved.data !== shown) {
    setShown(saved.data);
    if (saved.data) setRows(saved.data.tiers.map(({ minItems, percent }) => newRow(minItems, percent)));
  }

  const change = (index: number, field: 'minItems' | 'percent', value: number | string) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const add = () => {
    const last = rows.at(-1);
    const row = newRow(Number(last?.minItems ?? 1) + 1, Number(last?.percent ?? 5) + 5);
    setRows([...rows, row]);
    focusWhenShown(() => section.current?.querySelector<HTMLElement>(`[data-list-item="${row.id}"] input`));
  };
  const remove = (row: Row) => {
    setRows(rows.filter((other) => other.id !== row.id));
    focusWhenShown(removeControlOf(nextAfterRemoving(section, row.id, () => addButton.current)));
  };
  const submit = () => {
    setProblem(null);
    save.mutate(
      rows.map((row) => ({ minItems: Number(row.minItems), percent: Number(row.percent) })),
      {
        onSuccess: () => notifySuccess('Bundle discounts saved'),
        onError: (error) => {
          const message = errorMessage(error, 'Could not save your bundle discounts. Please try again.');
          setProblem(message);
          notifyError(message, 'Not saved');
        },
      },
    );
  };

  return (
    <SettingsSection titleId="bundle-discounts-title" mt="xl">
      <Stack gap="sm" ref={section}>
        <Title order={2} size="h3" id="bundle-discounts-title">
          Bundle discounts
        </Title>
        <Text size="sm" c="dimmed">
          Buyers who take several of your items in one order save this much; they pay one shipping. Leave
          empty for no discount.
        </Text>
        {rows.map((row, index) => (
          <Group key={row.id} align="flex-end" wrap="nowrap" data-list-item={row.id}>
            <NumberInput
              label={`Discount ${index + 1}: items`}
              min={2}
              max={10}
              allowDecimal={false}
              value={row.minItems}
              onChange={(value) => change(index, 'minItems', value)}
              w={150}
            />
            <NumberInput
              label="Save (%)"
              // Every row's field is labelled alike on screen: say which discount it is.
              aria-label={`Discount ${index + 1}: save (%)`}
              min={1}
              max={50}
              allowDecimal={false}
              value={row.percent}
              onChange={(value) => change(index, 'percent', value)}
              w={120}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Remove discount ${index + 1}`}
              data-remove
              onClick={() => remove(row)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="space-between">
          <Button
            ref={addButton}
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={add}
            disabled={rows.length >= MAX_TIERS}
          >
            Add a discount
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={saved.isPending}>
            Save discounts
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}
