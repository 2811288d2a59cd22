// GET /settings and GET /health: what a hosted project with email sign-up and confirmation answers.
import type { ApiResponse } from '../http.ts';

const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
  'phone',
];

export function settings(): ApiResponse {
  return {
    status: 200,
    body: {
      external: { ...Object.fromEntries(PROVIDERS.map((p) => [p, false])), email: true },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    },
  };
}

export function health(): ApiResponse {
  return {
    status: 200,
    body: { version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' },
  };
}
