import { parseCsvLines } from '../../lib/csv.ts'
import { AppError } from '../errors.ts'

/** A CSV upload's lines, or a 400 saying what is malformed (programme reports and rate files alike). */
export function csvLinesOrRefuse(text: string): { line: number; fields: string[] }[] {
  try {
    return parseCsvLines(text)
  } catch (err) {
    throw new AppError('bad_request', `Malformed CSV: ${(err as Error).message}`)
  }
}
