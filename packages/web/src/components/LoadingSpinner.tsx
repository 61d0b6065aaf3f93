export function LoadingSpinner({ text }: { text?: string }) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {text ? <p className="loading-text">{text}</p> : <span className="visually-hidden">Loading</span>}
    </div>
  );
}
