import {
  Anchor,
  Button,
  Container,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';

/**
 * The sign-in form's fields and layout. Submitting is wired by the identity feature (better-auth); until
 * then the button stays disabled instead of pretending to sign in.
 */
export function Component() {
  return (
    <Container size={420} py={48}>
      <Title order={1} ta="center">
        Sign in
      </Title>
      <Text c="dimmed" size="sm" ta="center" mt={5}>
        No account yet?{' '}
        <Anchor component={Link} to="/sign-up" size="sm">
          Create account
        </Anchor>
      </Text>
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        <form onSubmit={(event) => event.preventDefault()}>
          <Stack>
            <TextInput label="E-mail" name="email" type="email" autoComplete="username" required />
            <PasswordInput label="Password" name="password" autoComplete="current-password" required />
            <Anchor component={Link} to="/forgot" size="sm">
              Forgot password?
            </Anchor>
            <Button type="submit" fullWidth disabled>
              Sign in
            </Button>
            <Text size="xs" c="dimmed" ta="center">
              Signing in arrives with the identity feature.
            </Text>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
