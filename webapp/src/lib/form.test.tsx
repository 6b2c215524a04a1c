import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { render } from '@/test-utils/render';
import { api } from './api-client';
import { focusFirstInvalid, submitWith } from './form';

function PetForm({ onSaved }: { onSaved: (name: string) => void }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', nickname: '' },
    validate: { name: (value) => (value.trim() ? null : 'Name is required') },
  });
  const save = (values: { name: string; nickname: string }) =>
    api.post('pets', { json: values }).json<{ name: string }>();
  return (
    <form
      onSubmit={submitWith(form, save, {
        fallback: 'Failed to save',
        onSuccess: (pet) => onSaved(pet.name),
        fieldPaths: { nickName: 'nickname' },
      })}
      noValidate
    >
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="Nickname" {...form.getInputProps('nickname')} />
      <Button type="submit" loading={form.submitting}>
        Save
      </Button>
    </form>
  );
}

describe('submitWith', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=t';
  });

  it('checks the form first and focuses the first invalid field', async () => {
    const server = fakeServer({});
    render(<PetForm onSaved={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(server.requests).toHaveLength(0);
  });

  it('shows server field errors under their inputs, toasts, and focuses the first', async () => {
    fakeServer({
      'POST /api/pets': () =>
        json({ message: 'Please correct the highlighted fields.', errors: { nickName: 'Too silly' } }, 400),
    });
    const onSaved = vi.fn();
    render(<PetForm onSaved={onSaved} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Rex');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too silly')).toBeInTheDocument();
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Nickname')).toHaveFocus());
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('hands the result to onSuccess', async () => {
    fakeServer({ 'POST /api/pets': async (request) => json(await request.json(), 201) });
    const onSaved = vi.fn();
    render(<PetForm onSaved={onSaved} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Rex');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Rex'));
  });

  it('runs the action when no onSuccess is given', async () => {
    const action = vi.fn(async () => 'done');
    function Bare() {
      const form = useForm({ mode: 'controlled', initialValues: { name: 'Rex' } });
      return (
        <form onSubmit={submitWith(form, action, { fallback: 'Failed' })} noValidate>
          <Button type="submit">Go</Button>
        </form>
      );
    }
    render(<Bare />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(action).toHaveBeenCalledWith({ name: 'Rex' }));
  });
});

describe('focusFirstInvalid', () => {
  it('waits for a field marked invalid after the first look (errors drawn after an await)', async () => {
    document.body.innerHTML = '<input aria-label="Code" /><button>Log in</button>';
    const code = screen.getByRole('textbox', { name: 'Code' });
    screen.getByRole('button', { name: 'Log in' }).focus();
    focusFirstInvalid();
    setTimeout(() => code.setAttribute('aria-invalid', 'true'), 60); // React draws it later
    await waitFor(() => expect(code).toHaveFocus());
  });
});
