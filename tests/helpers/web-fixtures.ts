import type { components } from '../../openapi/schema';

type User = components['schemas']['User'];

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'ada',
    email: 'ada@example.test',
    is_staff: false,
    is_company_admin: false,
    company: 'Northern Spans Ltd',
    company_id: 1,
    address: '1 Harbour Road',
    companyUsername: null,
    has_company_password: false,
    bridges: [],
    datastreams: [],
    ...overrides,
  };
}

export function storeTokens(access = 'access-1', refresh = 'refresh-1'): void {
  window.localStorage.setItem('access', access);
  window.localStorage.setItem('refresh', refresh);
}
