export type PolicyKind = 'policy' | 'terms';

/** The policy and the terms, one row each, stored as given. */
export interface PolicyTextsTable {
  kind: PolicyKind;
  title: string;
  description: string;
  updated_at: string;
}

export interface PolicyTables {
  policy_texts: PolicyTextsTable;
}
