// Auth admin port: removes an account from the identity provider; the database cascades from it.
export interface AuthAdmin {
  /** Throws UpstreamError when the provider refuses or cannot be reached. */
  deleteUser(userId: string): Promise<void>;
}
