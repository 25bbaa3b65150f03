import { Group, Image, Text } from '@mantine/core';
import type { TConnector } from '../api/connectors.ts';
import { POWERED_BY } from '../provider-link.ts';

/**
 * Linked seed §2: 'Powered by' and the provider's logo, for the one known connector source (Plaid); nothing for
 * any other connector.
 */
export function PoweredBy({
  connector,
}: {
  connector: Pick<TConnector, 'access_method' | 'logo'> | undefined;
}) {
  const known = connector ? POWERED_BY[connector.access_method] : undefined;
  if (!connector || !known) return null;
  const logo = connector.logo ?? known.logo;
  return (
    <Group gap={6} wrap="nowrap" aria-label={`Powered by ${known.name}`}>
      <Text size="xs" c="dimmed">
        Powered by
      </Text>
      <Image src={logo} alt={known.name} h={18} w="auto" fit="contain" />
    </Group>
  );
}
