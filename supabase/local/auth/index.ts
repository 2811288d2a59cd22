// /auth/v1: the GoTrue endpoints supabase-js calls, routed to one small module each.
import type { StackContext } from '../context.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';
import { authError, dataException } from './errors.ts';
import { logout } from './logout.ts';
import { otp, recover, resend } from './recover.ts';
import { health, settings } from './settings.ts';
import { signup } from './signup.ts';
import { token } from './token.ts';
import { getUser, updateUser } from './user.ts';
import { adminUsers } from './users-admin.ts';
import { verifyLinkGet, verifyPost } from './verify.ts';

type Route = (req: ApiRequest, ctx: StackContext) => Promise<ApiResponse> | ApiResponse;

const routes: Record<string, Route> = {
  'POST /signup': signup,
  'POST /token': token,
  'GET /user': getUser,
  'PUT /user': updateUser,
  'POST /logout': logout,
  'POST /recover': recover,
  'POST /otp': otp,
  'POST /resend': resend,
  'GET /verify': verifyLinkGet,
  'POST /verify': verifyPost,
  'GET /settings': settings,
  'GET /health': health,
};

export async function handleAuth(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  try {
    return await dispatch(req, ctx);
  } catch (e) {
    throw dataException(e) ?? e;
  }
}

function dispatch(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> | ApiResponse {
  const path = req.path.replace(/\/+$/, '') || '/';
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const handler = routes[`${method} ${path}`];
  if (handler) return handler(req, ctx);
  const admin = /^\/admin\/users(?:\/([^/]+))?$/.exec(path);
  if (admin) return adminUsers(req, ctx, admin[1]);
  throw authError(404, 'not_found', `No auth endpoint ${req.method} ${path}`);
}
