import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { EditProfilePage } from './edit-profile-page';

const routes = [
  { path: '/mine/profile', element: <EditProfilePage /> },
  { path: '/mine', element: <p>mine</p> },
];

async function submit(nickname: string) {
  fireEvent.change(screen.getByLabelText('Nickname'), { target: { value: nickname } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
}

const alerts = () => screen.queryAllByRole('alert').map((node) => node.textContent);

describe('<EditProfilePage>: the nickname rules of the API, before anything is sent', () => {
  signedInApi();

  it('refuses hidden characters and staff names with the same rule as the API', async () => {
    const api = apiFetch(({ path }) => (path === '/users/me' ? MEMBER : undefined));
    setFetch(api.fetch);
    await renderWithApp(routes, { at: '/mine/profile' });
    await submit('Sup\u200bport');
    await waitFor(() =>
      expect(alerts()).toEqual(['Invisible or control characters are not allowed']),
    );
    await submit('\u0410dmin'); // a Cyrillic А
    await waitFor(() => expect(alerts()).toEqual(['This nickname is reserved for the club staff']));
    expect(api.requests.some((r) => r.path === '/users/nickname')).toBe(false);
  });

  it('sends an ordinary name, and says so when the API still finds it reserved', async () => {
    let reserved = false;
    const api = apiFetch(({ method, path }) => {
      if (path === '/users/me') return MEMBER;
      if (method !== 'POST' || path !== '/users/nickname') return undefined;
      return reserved
        ? json(400, {
            detail: 'This nickname is reserved for the club staff',
            code: 'NICKNAME_RESERVED',
          })
        : { ok: true };
    });
    setFetch(api.fetch);
    await renderWithApp(routes, { at: '/mine/profile' });
    await submit("O'tkir");
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/mine'));
    expect(api.requests.find((r) => r.path === '/users/nickname')?.body).toEqual({
      nickname: "O'tkir",
    });

    reserved = true;
    await renderWithApp(routes, { at: '/mine/profile' });
    await submit('Дилшод');
    expect(
      await screen.findByText('This nickname is reserved for the club staff: choose another'),
    ).toBeTruthy();
  });
});
