/** How many body sections the AI writer may be asked for (spec §5, §9): the form's choices, the API's and the CLI's check. */
export const AI_SECTION_CHOICES = [3, 5, 7] as const
export type AiSectionChoice = (typeof AI_SECTION_CHOICES)[number]
