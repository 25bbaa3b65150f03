import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

// The legal texts depend on who operates an installation; until the operator publishes theirs these pages
// say so plainly instead of showing invented terms.
function LegalPage({ title, subject }: { title: string; subject: string }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        <Text>
          Strata is open-source software that each operator runs on their own servers. The {subject} of this
          installation is published by its operator and arrives with the first release.
        </Text>
        <Text c="dimmed" size="sm">
          The source code is licensed under the GNU Affero General Public License, version 3 or later.
        </Text>
        <Anchor component={Link} to="/">
          Back to the start page
        </Anchor>
      </Stack>
    </Container>
  );
}

export function PolicyPage() {
  return <LegalPage title="Privacy policy" subject="privacy policy" />;
}

export function TermsPage() {
  return <LegalPage title="Terms of service" subject="terms of service" />;
}
