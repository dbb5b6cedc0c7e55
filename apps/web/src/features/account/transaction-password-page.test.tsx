import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { TransactionPasswordPage } from './transaction-password-page';

const routes = [
  { path: '/mine/safety/transpass', element: <TransactionPasswordPage /> },
  { path: '/mine/safety', element: <p>safety</p> },
];

function serve(hasOne: boolean, answer?: () => unknown) {
  const api = apiFetch(({ method, path }) => {
    if (path === '/users/me') return { ...MEMBER, has_transaction_password: hasOne };
    if (method === 'POST' && path === '/users/transaction_password')
      return answer?.() ?? { ok: true };
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}
const saves = (api: ReturnType<typeof serve>) =>
  api.requests.filter((r) => r.path === '/users/transaction_password');

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}
const submit = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
const alerts = () => screen.queryAllByRole('alert').map((node) => node.textContent);

describe('<TransactionPasswordPage>', () => {
  signedInApi();

  it('sets the first one: two fields, checked before any call, then back to the security centre', async () => {
    const api = serve(false);
    await renderWithApp(routes, { at: '/mine/safety/transpass' });
    await screen.findByText(/Set a transaction password/);
    expect(screen.queryByLabelText('Current transaction password')).toBeNull();
    fill({ 'New transaction password': '12345', 'Confirm transaction password': '12345' });
    await submit();
    await waitFor(() => expect(alerts()).toEqual(['At least 6 characters']));
    fill({ 'New transaction password': 'pay-2026', 'Confirm transaction password': 'pay-2027' });
    await submit();
    await waitFor(() => expect(alerts()).toEqual(["Passwords doesn't match"]));
    expect(saves(api)).toHaveLength(0);

    fill({ 'Confirm transaction password': 'pay-2026' });
    await submit();
    expect(saves(api).map((r) => r.body)).toEqual([{ password: 'pay-2026' }]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/mine/safety'));
    expect(screen.getByText('Transaction password saved')).toBeTruthy();
  });

  it('changing one needs the current one, and shows when it is wrong', async () => {
    const api = serve(true, () =>
      json(400, {
        detail: 'Incorrect transaction password',
        code: 'INCORRECT_TRANSACTION_PASSWORD',
      }),
    );
    await renderWithApp(routes, { at: '/mine/safety/transpass' });
    await screen.findByLabelText('Current transaction password');
    fill({ 'New transaction password': 'pay-2027', 'Confirm transaction password': 'pay-2027' });
    await submit();
    await waitFor(() => expect(alerts()).toEqual(['Required']));
    expect(saves(api)).toHaveLength(0);

    fill({ 'Current transaction password': 'pay-2020' });
    await submit();
    expect(saves(api).map((r) => r.body)).toEqual([
      { password: 'pay-2027', old_password: 'pay-2020' },
    ]);
    await waitFor(() => expect(alerts()).toEqual(['Incorrect transaction password']));
    expect(screen.getByTestId('location').textContent).toBe('/mine/safety/transpass');
  });
});
