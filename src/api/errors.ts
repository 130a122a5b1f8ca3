/** Errors raised by the API client (SPEC §8). */

/** A non-OK answer: carries method, url, status and status text. */
export class RequestError extends Error {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  /** The `error` code of our server's JSON error body, when there was one. */
  readonly code?: string;
  /** That body's `message` (English, for logs and for a name it quotes; never shown as it is). */
  readonly serverMessage?: string;

  constructor(method: string, url: string, status: number, statusText: string, code?: string, serverMessage?: string) {
    super(`Request failed: ${method} ${url} ${status} ${statusText}`.trim());
    this.name = 'RequestError';
    this.method = method;
    this.url = url;
    this.status = status;
    this.statusText = statusText;
    this.code = code;
    this.serverMessage = serverMessage;
  }
}

const INVALID_RESPONSE_MESSAGE = 'Invalid response from server';

/** An answer whose shape does not match the contract. */
export class InvalidResponseError extends Error {
  constructor(readonly detail?: string) {
    super(INVALID_RESPONSE_MESSAGE);
    this.name = 'InvalidResponseError';
  }
}
