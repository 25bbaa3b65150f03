import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

export interface TConsentStepProps {
  /** The provider the user lets in, named in the checkbox. */
  providerName: string;
  /** What the provider will read and keep; the checkbox agrees to exactly this. */
  children: ReactNode;
  onNext: () => void;
  onCancel?: () => void;
}

/**
 * Linked seed §2: an aggregator's consent dialog, whose checkbox must be ticked before Next is enabled. Generic:
 * SimpleFIN's setup-token step comes after it, and any aggregator with an end-user agreement (GoCardless) can
 * put its own terms in `children`.
 */
export function ConsentStep({ providerName, children, onNext, onCancel }: TConsentStepProps) {
  const [isAgreed, setAgreed] = useState(false);
  return (
    <Stack gap="sm">
      <Text size="sm" component="div">
        {children}
      </Text>
      <Checkbox
        checked={isAgreed}
        onChange={(event) => setAgreed(event.currentTarget.checked)}
        label={`I agree that ${providerName} shares these accounts' data with this repository`}
      />
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button onClick={onNext} disabled={!isAgreed}>
          Next
        </Button>
      </Group>
    </Stack>
  );
}
