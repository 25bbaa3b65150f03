import {
  Alert,
  Avatar,
  Button,
  Group,
  List,
  Loader,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingBank, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { fetchAuthorizationUrl, type TInstitution, useInstitutions } from '../api/authorizations.ts';
import { ConsentStep } from './consent-step.tsx';

/** Typing pauses this long before the institutions search is asked (one request per pause, not per key). */
export const INSTITUTION_SEARCH_DEBOUNCE_MS = 300;

/** The countries GoCardless Bank Account Data links banks in (its coverage: the EEA and the UK). */
const GOCARDLESS_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IS',
  'IE',
  'IT',
  'LV',
  'LI',
  'LT',
  'LU',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'GB',
] as const;

function countryOptions(): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return GOCARDLESS_COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label),
  );
}

/** The browser's region when GoCardless covers it (en-IE → IE), else the UK. */
function defaultCountry(): string {
  const region = navigator.language.split('-')[1]?.toUpperCase();
  return region && (GOCARDLESS_COUNTRIES as readonly string[]).includes(region) ? region : 'GB';
}

function InstitutionRow({ institution, onPick }: { institution: TInstitution; onPick: () => void }) {
  return (
    <UnstyledButton onClick={onPick} p={6} aria-label={institution.name} style={{ borderRadius: 4 }}>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={institution.logo} alt="" size={28} radius="sm">
          <IconBuildingBank size={16} aria-hidden />
        </Avatar>
        <Text size="sm">{institution.name}</Text>
      </Group>
    </UnstyledButton>
  );
}

/** The bank picker: a country and part of the name → `GET institutions/search`, debounced. */
export function InstitutionPicker({
  onPick,
  onBack,
  pickedId,
}: {
  onPick: (institution: TInstitution) => void;
  onBack: () => void;
  /** The bank being redirected to: its row waits, the others are held. */
  pickedId: string | null;
}) {
  const countries = useMemo(countryOptions, []);
  const [country, setCountry] = useState(defaultCountry);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), INSTITUTION_SEARCH_DEBOUNCE_MS);
  const institutions = useInstitutions('gocardless', country, q);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Country"
          data={countries}
          value={country}
          onChange={(value) => value && setCountry(value)}
          searchable
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        <TextInput
          label="Bank"
          placeholder="Search banks..."
          leftSection={<IconSearch size={14} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
      </SimpleGrid>
      {institutions.isPending && <Loader size="sm" aria-label="Loading banks" />}
      {institutions.error && (
        <Alert color="red" title="The banks could not be loaded">
          {institutions.error.message}
        </Alert>
      )}
      {institutions.data && institutions.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No bank of this country matches.
        </Text>
      )}
      {institutions.data && institutions.data.length > 0 && (
        <ScrollArea.Autosize mah={320} type="auto">
          <Stack gap={2} aria-label="Banks" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {institutions.data.map((institution) => (
              <li key={institution.id}>
                {pickedId === institution.id ? (
                  <Group gap="sm" p={6}>
                    <Loader size="xs" />
                    <Text size="sm">Opening {institution.name}…</Text>
                  </Group>
                ) : (
                  <InstitutionRow
                    institution={institution}
                    onPick={() => pickedId === null && onPick(institution)}
                  />
                )}
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * GoCardless Bank Account Data (API v2): its end-user agreement as the consent step (Next only once ticked),
 * then the bank, then the bank's own pages; the bank sends the browser back to /connectors/callback/gocardless.
 */
export function GocardlessLink({
  repositoryId,
  onClose,
  redirect = (url) => window.location.assign(url),
}: {
  repositoryId: string;
  onClose: () => void;
  /** Leaves the app for the bank; a test watches it instead. */
  redirect?: (url: string) => void;
}) {
  const [step, setStep] = useState<'consent' | 'bank'>('consent');
  const [pickedId, setPickedId] = useState<string | null>(null);
  const pick = async (institution: TInstitution) => {
    setPickedId(institution.id);
    try {
      const { url } = await fetchAuthorizationUrl('gocardless', {
        repository_id: repositoryId,
        institution_id: institution.id,
        name: institution.name,
      });
      redirect(url);
    } catch (error) {
      notifyError(error);
      setPickedId(null);
    }
  };
  if (step === 'consent') {
    return (
      <ConsentStep providerName="GoCardless" onNext={() => setStep('bank')} onCancel={onClose}>
        <Stack gap={6}>
          <span>
            GoCardless Bank Account Data asks your bank for an end-user agreement. With it this server reads:
          </span>
          <List size="sm" spacing={2}>
            <List.Item>the accounts you pick at your bank, with their details and balances;</List.Item>
            <List.Item>their transactions, 90 days of history, pending ones included;</List.Item>
            <List.Item>access for 90 days; then your bank asks you to agree again.</List.Item>
          </List>
          <span>You sign in at your bank's own pages; this app never sees your bank password.</span>
        </Stack>
      </ConsentStep>
    );
  }
  return (
    <InstitutionPicker
      onPick={(item) => void pick(item)}
      onBack={() => setStep('consent')}
      pickedId={pickedId}
    />
  );
}

export function openGocardlessLink(repositoryId: string): void {
  modals.open({
    id: 'connect-gocardless',
    kind: 'dialog',
    size: 'md',
    title: 'Connect your bank (GoCardless)',
    render: ({ close }) => <GocardlessLink repositoryId={repositoryId} onClose={() => void close()} />,
  });
}
