/** The line under a field where a transient error text appears; keeps its height so nothing jumps. */
export function FieldError({ text }: { text: string }) {
  return (
    <div className="field-error" role={text ? 'alert' : undefined}>
      {text}
    </div>
  );
}
