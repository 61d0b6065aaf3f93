/** The generic error screen; buttons use full navigations because the app's state is not to be trusted. */
export function ErrorScreen() {
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <h1 id="error-title">Something went wrong</h1>
      <p>We're sorry, but something unexpected happened. Please try refreshing the page.</p>
      <div className="button-row">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
        <button type="button" className="btn btn-outline" onClick={() => window.location.assign("/")}>
          Go Home
        </button>
      </div>
    </section>
  );
}

/** The error screen on its own, for the root boundary when the shell itself is gone. */
export function ErrorPage() {
  return (
    <main id="main" className="error-page">
      <ErrorScreen />
    </main>
  );
}
