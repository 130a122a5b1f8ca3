/** The login device cookie (auth/deviceCookies.ts): httpOnly, SameSite=Strict, sent only to the login route. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE_TTL_SECONDS, type DeviceCookies } from '../auth/deviceCookies';
import { API_BASE } from '../config';
import { strictCookie } from './refreshCookie';

const DEVICE_COOKIE = 'login_device';
const DEVICE_COOKIE_PATH = `${API_BASE}/auth/login`;

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.setCookie(DEVICE_COOKIE, value, { ...strictCookie(request, DEVICE_COOKIE_PATH), maxAge: DEVICE_COOKIE_TTL_SECONDS });
}

/** The id of the caller's device when its cookie was issued to `username`, or undefined. */
export function readDevice(request: FastifyRequest, cookies: DeviceCookies, username: string): string | undefined {
  const value = request.cookies[DEVICE_COOKIE];
  return typeof value === 'string' && value.length <= 200 ? cookies.deviceOf(value, username) : undefined;
}
