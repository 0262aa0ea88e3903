/** A select's options, one per value, each shown as `label(value)` (the value itself by default). */
export function Options<T extends string | number>({ values, label = String }: { values: readonly T[]; label?: (value: T) => string }) {
  return (
    <>
      {values.map((v) => (
        <option key={v} value={v}>
          {label(v)}
        </option>
      ))}
    </>
  )
}
