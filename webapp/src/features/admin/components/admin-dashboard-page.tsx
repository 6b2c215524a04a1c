import { Container, Tabs, Text, Title } from '@mantine/core';
import { AdminOnly } from './admin-only';
import { ContactMessages } from './contact-messages';

export default function AdminDashboardPage() {
  return (
    <AdminOnly>
      <Container size="lg" py="xl">
        <Title order={1} mb="lg">
          Admin Dashboard
        </Title>
        <Tabs defaultValue="contact" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="contact">Contact Messages</Tabs.Tab>
            <Tabs.Tab value="orders">Orders &amp; Payments</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="contact">
            <ContactMessages />
          </Tabs.Panel>
          <Tabs.Panel value="orders">
            <Text fw={600} c="brand">
              Coming soon
            </Text>
            <Text c="dimmed">
              Pending and confirmed payments, all orders, analytics, sales records and order export arrive
              with the orders area.
            </Text>
          </Tabs.Panel>
        </Tabs>
      </Container>
    </AdminOnly>
  );
}
