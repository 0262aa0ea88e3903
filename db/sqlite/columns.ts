import type { Statement } from 'bun:sqlite'

/** A query's answer by column: `text` columns as strings, every other as numbers (null as 0). */
export type Columns = { rows: number; names: string[]; texts: Record<string, string[]>; numbers: Float64Array[]; numberNames: string[] }

/** Runs `statement` and answers its rows as columns (./read-worker.ts hands them between threads without a copy). */
export function toColumns(statement: Statement, params: readonly (string | number)[], text: readonly string[]): Columns {
  const names = statement.columnNames
  const values = statement.values(...(params as (string | number)[])) as unknown[][]
  const texts: Record<string, string[]> = {}
  const numbers: Float64Array[] = []
  const numberNames: string[] = []
  names.forEach((name, c) => {
    if (text.includes(name)) texts[name] = values.map((r) => r[c] as string)
    else {
      const col = new Float64Array(values.length)
      for (let i = 0; i < values.length; i++) col[i] = Number(values[i]![c] ?? 0)
      numbers.push(col)
      numberNames.push(name)
    }
  })
  return { rows: values.length, names, texts, numbers, numberNames }
}
