/** The message under a login form: the server's message, 'Connection error' when unreachable, else 'Login failed'. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof TypeError) return "Connection error";
  if (error instanceof Error) {
    if (error.name === "NetworkError") return "Connection error";
    if (error.message) return error.message;
  }
  return "Login failed";
}
