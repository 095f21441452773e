// Accounts for browser runs, made through the real API: the super admin signs in with the
// harness's password (`/api/admin/login`), members register (`/api/register`) and the super
// admin approves them with a role (`/api/admin/users/{id}/role`).
import { expect, request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, USER_PASSWORD } from './secrets.mjs';

export type Person = { firstName: string; lastName: string; username: string; email: string };

/** A new, unique person (`first` and a random tag in the last name, username and e-mail). */
export function newPerson(first: string, last = 'Axe'): Person {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    firstName: first,
    lastName: `${last}${tag}`,
    username: `${first.toLowerCase()}${tag}`,
    email: `${first.toLowerCase()}.${tag}@example.test`,
  };
}

/** An API session of the super admin. */
export async function adminApi(): Promise<APIRequestContext> {
  const api = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const login = await api.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  expect(login.status(), 'super admin sign-in').toBe(200);
  return api;
}

/** Registers `person` (a pending member); returns the user's id and the signed-in API session. */
export async function register(person: Person): Promise<{ id: string; api: APIRequestContext }> {
  const api = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const registered = await api.post('/api/register', { data: { ...person, password: USER_PASSWORD } });
  expect(registered.status(), await registered.text()).toBe(201);
  const { user } = (await registered.json()) as { user: { id: string } };
  return { id: user.id, api };
}

/** The super admin approves the user `id` with `role`. */
export async function approve(admin: APIRequestContext, id: string, role: string): Promise<void> {
  const changed = await admin.post(`/api/admin/users/${id}/role`, { data: { role, isApproved: true } });
  expect(changed.status(), await changed.text()).toBe(200);
}

/** Registers an approved account with `role` through the super admin's API; returns its e-mail. */
export async function approvedAccount(role: string, first = 'Naomi'): Promise<string> {
  const person = newPerson(first);
  const { id, api } = await register(person);
  const admin = await adminApi();
  try {
    await approve(admin, id, role);
  } finally {
    await Promise.all([api.dispose(), admin.dispose()]);
  }
  return person.email;
}

/** Signs the page's browser context in as `email` (the cookie is shared with the page). */
export async function signIn(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/login', { data: { email, password: USER_PASSWORD } });
  expect(response.ok(), `sign-in of ${email}`).toBe(true);
}

/** Signs the page's browser context in as the super admin. */
export async function signInAdmin(page: Page): Promise<void> {
  const response = await page.request.post('/api/admin/login', {
    data: { username: 'admin', password: ADMIN_PASSWORD },
  });
  expect(response.ok(), 'super admin sign-in').toBe(true);
}
