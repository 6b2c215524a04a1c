import { Container, Grid, Paper, Tabs, Title } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { useArrivalStatus } from '../use-arrival-status';
import { AuthMarketingPanel } from './auth-marketing-panel';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { safeReturnPath } from '@/entities/session/return-to';

/** /auth: Login and Sign Up tabs (?tab=signup opens the second) beside the marketing panel. */
export default function AuthPage() {
  const arrival = useArrivalStatus();
  const [params] = useSearchParams();

  if (arrival === 'loading') return <PageLoader label="Loading your session" />;
  if (arrival === 'authenticated') return <Navigate to={safeReturnPath(params.get('next'))} replace />;

  return (
    <Container size="lg" py="xl">
      <Grid gap={{ base: 'xl', md: 48 }} align="center">
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: 1 }}>
          <AuthMarketingPanel />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: 2 }}>
          <Paper withBorder radius="lg" p="xl" shadow="sm">
            <Title order={1} size="h2" mb="md">
              Welcome to Rethread
            </Title>
            <Tabs defaultValue={params.get('tab') === 'signup' ? 'signup' : 'login'} keepMounted={false}>
              <Tabs.List grow mb="lg">
                <Tabs.Tab value="login">Login</Tabs.Tab>
                <Tabs.Tab value="signup">Sign Up</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="login">
                <LoginForm />
              </Tabs.Panel>
              <Tabs.Panel value="signup">
                <RegisterForm />
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
