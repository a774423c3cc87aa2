import { ApiError } from "../errors.ts";

/** A third-party service failed or did not answer: the request ends with 502 and changes nothing. */
export class UpstreamError extends ApiError {
  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(502, code, message, details);
  }
}
