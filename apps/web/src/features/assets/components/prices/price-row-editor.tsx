import { ActionIcon, Group, Select, Table, TextInput, Tooltip } from '@mantine/core';
import { EDITABLE_PRICE_SOURCES, validatePrice } from '@strata/core/assets/price-rules';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { DateField } from '../../../../shared/forms/date-field.tsx';

export interface TPriceDraft {
  date: string;
  close: string;
  source: string;
}

/**
 * The price form as a table row (seed §2): date, close and source (manual or override only), with approve
 * and cancel. Errors show once approve was pressed.
 */
export function PriceRowEditor({
  initial,
  serverErrors,
  onApprove,
  onCancel,
  label,
}: {
  initial: TPriceDraft;
  serverErrors?: Record<string, string>;
  onApprove: (draft: TPriceDraft) => Promise<void>;
  onCancel: () => void;
  /** Names the row for assistive technology: 'New price' or 'Edit price'. */
  label: string;
}) {
  const [draft, setDraft] = useState(initial);
  const [isSubmitted, setSubmitted] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const check = validatePrice(draft);
  const errors: Record<string, string> = check.ok
    ? {}
    : Object.fromEntries(check.errors.map((error) => [error.field, error.message]));
  const errorOf = (field: string) => serverErrors?.[field] ?? (isSubmitted ? errors[field] : undefined);

  const approve = async () => {
    setSubmitted(true);
    if (!check.ok) return;
    setSaving(true);
    try {
      await onApprove(draft);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Table.Tr aria-label={label}>
      <Table.Td>
        <DateField
          size="xs"
          aria-label="Date"
          required
          value={draft.date}
          onChange={(date) => setDraft({ ...draft, date })}
          error={errorOf('date')}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label="Close"
          required
          inputMode="decimal"
          value={draft.close}
          onChange={(event) => setDraft({ ...draft, close: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void approve();
          }}
          error={errorOf('close')}
        />
      </Table.Td>
      <Table.Td>
        <Select
          size="xs"
          aria-label="Source"
          data={[...EDITABLE_PRICE_SOURCES]}
          value={draft.source}
          allowDeselect={false}
          onChange={(source) => setDraft({ ...draft, source: source ?? 'manual' })}
          error={errorOf('source')}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Approve">
            <ActionIcon
              aria-label="Approve"
              color="green"
              variant="light"
              loading={isSaving}
              onClick={() => void approve()}
            >
              <IconCheck size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Cancel">
            <ActionIcon aria-label="Cancel" variant="subtle" color="gray" onClick={onCancel}>
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
