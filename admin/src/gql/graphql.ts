/* eslint-disable */
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.This scalar is serialized to a string in ISO 8601 format and parsed from a string in ISO 8601 format. */
  DateTimeISO: { input: string; output: string; }
  /** The `Upload` scalar type represents a file upload. */
  Upload: { input: File; output: File; }
};

export type AboutFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type ApiTokenFilter = {
  /** Searches name and description */
  q?: InputMaybe<Scalars['String']['input']>;
  revoked?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whose tokens (admins) */
  userId?: InputMaybe<Scalars['Int']['input']>;
};

export type ArticleFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  visible?: InputMaybe<Scalars['Boolean']['input']>;
};

export type ArticleImageFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  slot?: InputMaybe<Scalars['Int']['input']>;
  slot_gt?: InputMaybe<Scalars['Int']['input']>;
  slot_gte?: InputMaybe<Scalars['Int']['input']>;
  slot_lt?: InputMaybe<Scalars['Int']['input']>;
  slot_lte?: InputMaybe<Scalars['Int']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type AuditEventFilter = {
  actorId?: InputMaybe<Scalars['Int']['input']>;
  actorId_gt?: InputMaybe<Scalars['Int']['input']>;
  actorId_gte?: InputMaybe<Scalars['Int']['input']>;
  actorId_lt?: InputMaybe<Scalars['Int']['input']>;
  actorId_lte?: InputMaybe<Scalars['Int']['input']>;
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  operation?: InputMaybe<Scalars['String']['input']>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  recordId?: InputMaybe<Scalars['String']['input']>;
  resource?: InputMaybe<Scalars['String']['input']>;
  transport?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type BlocklistEntryFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  walletAddress?: InputMaybe<Scalars['String']['input']>;
};

export type ChainTransactionFilter = {
  contract?: InputMaybe<Scalars['String']['input']>;
  contractAddress?: InputMaybe<Scalars['String']['input']>;
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  functionName?: InputMaybe<Scalars['String']['input']>;
  hash?: InputMaybe<Scalars['String']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  presaleAddress?: InputMaybe<Scalars['String']['input']>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  wallet?: InputMaybe<Scalars['String']['input']>;
};

export type ContactMessageFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

/** A landing block's content item; `imageUri` keeps an existing image */
export type ContentBlockInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  imageUri?: InputMaybe<Scalars['String']['input']>;
  title?: InputMaybe<Scalars['String']['input']>;
};

export type ContributionFilter = {
  boughtAt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  boughtAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  boughtAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  boughtAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  boughtAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  buyer?: InputMaybe<Scalars['String']['input']>;
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  presaleAddress?: InputMaybe<Scalars['String']['input']>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type FeatureDescriptionFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type FeatureFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type HomeImageFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type HomePageFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type IpWhitelistEntryFilter = {
  address?: InputMaybe<Scalars['String']['input']>;
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type LandingBlockFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  pageName?: InputMaybe<Scalars['String']['input']>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  visible?: InputMaybe<Scalars['Boolean']['input']>;
};

export type LaunchPadFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  pid?: InputMaybe<Scalars['Int']['input']>;
  pid_gt?: InputMaybe<Scalars['Int']['input']>;
  pid_gte?: InputMaybe<Scalars['Int']['input']>;
  pid_lt?: InputMaybe<Scalars['Int']['input']>;
  pid_lte?: InputMaybe<Scalars['Int']['input']>;
  presaleAddress?: InputMaybe<Scalars['String']['input']>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  tokenAddress?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type NewsDescriptionFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  visible?: InputMaybe<Scalars['Boolean']['input']>;
};

export type NewsFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  visible?: InputMaybe<Scalars['Boolean']['input']>;
};

/** What a role grants on one resource (the GraphQL type name): read, create, update, delete, export, chain */
export type PermissionInput = {
  actions: Array<Scalars['String']['input']>;
  resource: Scalars['String']['input'];
};

export type PoolFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  pid?: InputMaybe<Scalars['Int']['input']>;
  pid_gt?: InputMaybe<Scalars['Int']['input']>;
  pid_gte?: InputMaybe<Scalars['Int']['input']>;
  pid_lt?: InputMaybe<Scalars['Int']['input']>;
  pid_lte?: InputMaybe<Scalars['Int']['input']>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type RoadmapFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type RoleFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  name?: InputMaybe<Scalars['String']['input']>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type SafeConfirmationFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  owner?: InputMaybe<Scalars['String']['input']>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  safeTxHash?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type SafeTransactionFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  nonce?: InputMaybe<Scalars['Int']['input']>;
  nonce_gt?: InputMaybe<Scalars['Int']['input']>;
  nonce_gte?: InputMaybe<Scalars['Int']['input']>;
  nonce_lt?: InputMaybe<Scalars['Int']['input']>;
  nonce_lte?: InputMaybe<Scalars['Int']['input']>;
  proposer?: InputMaybe<Scalars['String']['input']>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  safe?: InputMaybe<Scalars['String']['input']>;
  safeTxHash?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type SessionFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  revoked?: InputMaybe<Scalars['Boolean']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  userId?: InputMaybe<Scalars['Int']['input']>;
  userId_gt?: InputMaybe<Scalars['Int']['input']>;
  userId_gte?: InputMaybe<Scalars['Int']['input']>;
  userId_lt?: InputMaybe<Scalars['Int']['input']>;
  userId_lte?: InputMaybe<Scalars['Int']['input']>;
};

export type SettingFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  name?: InputMaybe<Scalars['String']['input']>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type SignInEventFilter = {
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  ip?: InputMaybe<Scalars['String']['input']>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  result?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  userId?: InputMaybe<Scalars['Int']['input']>;
  userId_gt?: InputMaybe<Scalars['Int']['input']>;
  userId_gte?: InputMaybe<Scalars['Int']['input']>;
  userId_lt?: InputMaybe<Scalars['Int']['input']>;
  userId_lte?: InputMaybe<Scalars['Int']['input']>;
};

export type UserFilter = {
  approved?: InputMaybe<Scalars['Boolean']['input']>;
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  role?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type WebhookDeliveryFilter = {
  /** pending, sending, delivered, failed */
  status?: InputMaybe<Scalars['String']['input']>;
  webhookId?: InputMaybe<Scalars['ID']['input']>;
};

export type WebhookFilter = {
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** Searches URL and description */
  q?: InputMaybe<Scalars['String']['input']>;
};

export type WhitelistEntryFilter = {
  address?: InputMaybe<Scalars['String']['input']>;
  createdAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  presaleAddress?: InputMaybe<Scalars['String']['input']>;
  /** Text search over the text fields */
  q?: InputMaybe<Scalars['String']['input']>;
  updatedAt_gt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_gte?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  updatedAt_lte?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type ChainConfigQueryVariables = Exact<{ [key: string]: never; }>;


export type ChainConfigQuery = { chainConfig: { chainId: number, rpcUrl: string, explorerUrl: string | null, walletConnectProjectId: string | null, contracts: { farm: string, pairFactory: string, presaleFactory: string, staking: string, token: string, stable: string, multicall3: string } } | null };

export type SafeInfoQueryVariables = Exact<{
  address: Scalars['String']['input'];
}>;


export type SafeInfoQuery = { safeInfo: { address: string, owners: Array<string>, threshold: number, nonce: number, nextNonce: number } };

export type ProposeSafeTransactionMutationVariables = Exact<{
  safe: Scalars['String']['input'];
  to: Scalars['String']['input'];
  data: Scalars['String']['input'];
  value?: InputMaybe<Scalars['String']['input']>;
  nonce?: InputMaybe<Scalars['Int']['input']>;
  signature: Scalars['String']['input'];
}>;


export type ProposeSafeTransactionMutation = { proposeSafeTransaction: { safeTxHash: string, status: string, confirmationCount: number, confirmationsRequired: number } };

export type ConfirmSafeTransactionMutationVariables = Exact<{
  safeTxHash: Scalars['String']['input'];
  signature: Scalars['String']['input'];
}>;


export type ConfirmSafeTransactionMutation = { confirmSafeTransaction: { safeTxHash: string, status: string, confirmationCount: number, confirmationsRequired: number } };

export type SafeQueueQueryVariables = Exact<{
  filter?: InputMaybe<SafeTransactionFilter>;
  perPage?: InputMaybe<Scalars['Int']['input']>;
}>;


export type SafeQueueQuery = { allSafeTransactions: Array<{ id: string, safe: string, safeTxHash: string, to: string, value: string, data: string, nonce: number, proposer: string, status: string, confirmationCount: number, confirmationsRequired: number, signatures: string, executedTxHash: string | null, createdAt: string, confirmations: Array<{ owner: string, createdAt: string }> }> };

export type RecordChainTransactionMutationVariables = Exact<{
  hash: Scalars['String']['input'];
}>;


export type RecordChainTransactionMutation = { recordChainTransaction: { id: string, hash: string, status: string, blockNumber: number, contract: string, functionName: string, presaleAddress: string | null } };

export type AnnouncePresenceMutationVariables = Exact<{
  resource: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  open: Scalars['Boolean']['input'];
  tab?: InputMaybe<Scalars['String']['input']>;
}>;


export type AnnouncePresenceMutation = { announcePresence: boolean };

export type ChangesSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type ChangesSubscription = { changes: { resource: string, id: string | null, op: string, version: number | null, actor: string | null, at: string, tab: string | null } };

export type MyApiTokensQueryVariables = Exact<{
  userId?: InputMaybe<Scalars['Int']['input']>;
}>;


export type MyApiTokensQuery = { allApiTokens: Array<{ id: string, name: string, description: string | null, expiresAt: string | null, lastUsedAt: string | null, lastUsedIp: string | null, revoked: boolean, readOnly: boolean, createdAt: string }> };

export type MyPermissionsQueryVariables = Exact<{ [key: string]: never; }>;


export type MyPermissionsQuery = { me: { id: string, permissions: Array<{ resource: string, actions: Array<string> }> } | null };

export type MeIdQueryVariables = Exact<{ [key: string]: never; }>;


export type MeIdQuery = { me: { id: string } | null };

export type CreateApiTokenMutationVariables = Exact<{
  name: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
  expiresInDays?: InputMaybe<Scalars['Int']['input']>;
  readOnly?: InputMaybe<Scalars['Boolean']['input']>;
  permissions?: InputMaybe<Array<PermissionInput> | PermissionInput>;
}>;


export type CreateApiTokenMutation = { createApiToken: { token: string, apiToken: { id: string, name: string, expiresAt: string | null } } };

export type SecurityMeQueryVariables = Exact<{ [key: string]: never; }>;


export type SecurityMeQuery = { me: { twoFactorEnabled: boolean, mustSetUpTwoFactor: boolean } | null, mySignIns: Array<{ id: string, createdAt: string, result: string, ip: string | null, userAgent: string | null }> };

export type SetupTwoFactorMutationVariables = Exact<{ [key: string]: never; }>;


export type SetupTwoFactorMutation = { setupTwoFactor: { secret: string, otpauthUrl: string, qrCode: string, recoveryCodes: Array<string> } };

export type EnableTwoFactorMutationVariables = Exact<{
  code: Scalars['String']['input'];
}>;


export type EnableTwoFactorMutation = { enableTwoFactor: boolean };

export type DisableTwoFactorMutationVariables = Exact<{
  code: Scalars['String']['input'];
}>;


export type DisableTwoFactorMutation = { disableTwoFactor: boolean };

export type NewRecoveryCodesMutationVariables = Exact<{
  code: Scalars['String']['input'];
}>;


export type NewRecoveryCodesMutation = { newRecoveryCodes: Array<string> };

export type MySessionsQueryVariables = Exact<{
  userId?: InputMaybe<Scalars['Int']['input']>;
}>;


export type MySessionsQuery = { allSessions: Array<{ id: string, device: string | null, ip: string | null, createdAt: string, lastSeenAt: string | null, current: boolean, revoked: boolean | null, expiresAt: number }> };

export type SessionsMeQueryVariables = Exact<{ [key: string]: never; }>;


export type SessionsMeQuery = { me: { id: string } | null };

export type EndSessionMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type EndSessionMutation = { endSession: boolean };

export type EndOtherSessionsMutationVariables = Exact<{ [key: string]: never; }>;


export type EndOtherSessionsMutation = { endOtherSessions: number };

export type WebhooksQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhooksQuery = { allWebhooks: Array<{ id: string, url: string, description: string | null, resources: Array<string>, operations: Array<string>, enabled: boolean, consecutiveFailures: number, disabledAt: string | null, disabledReason: string | null }> };

export type CreateWebhookMutationVariables = Exact<{
  url: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
  resources: Array<Scalars['String']['input']> | Scalars['String']['input'];
  operations?: InputMaybe<Array<Scalars['String']['input']> | Scalars['String']['input']>;
}>;


export type CreateWebhookMutation = { createWebhook: { secret: string, webhook: { id: string } } };

export type UpdateWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  url?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  resources?: InputMaybe<Array<Scalars['String']['input']> | Scalars['String']['input']>;
  operations?: InputMaybe<Array<Scalars['String']['input']> | Scalars['String']['input']>;
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
}>;


export type UpdateWebhookMutation = { updateWebhook: { id: string, url: string, description: string | null, resources: Array<string>, operations: Array<string>, enabled: boolean, consecutiveFailures: number, disabledAt: string | null, disabledReason: string | null } };

export type DeleteWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteWebhookMutation = { deleteWebhook: { id: string } };

export type WebhookDeliveriesQueryVariables = Exact<{
  webhookId?: InputMaybe<Scalars['ID']['input']>;
}>;


export type WebhookDeliveriesQuery = { allWebhookDeliveries: Array<{ id: string, webhookMessageId: string, eventType: string, status: string, attempts: number, responseStatus: number | null, latencyMs: number | null, lastError: string | null, body: string, createdAt: string }> };

export type RedeliverWebhookMutationVariables = Exact<{
  deliveryId: Scalars['ID']['input'];
}>;


export type RedeliverWebhookMutation = { redeliverWebhook: { id: string, status: string } };

export type SendTestWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type SendTestWebhookMutation = { sendTestWebhook: { id: string, status: string } };

export type RevisionsQueryVariables = Exact<{
  resource: Scalars['String']['input'];
  id: Scalars['ID']['input'];
}>;


export type RevisionsQuery = { revisions: Array<{ eventId: string, createdAt: string, actorName: string, operation: string, fields: Array<string>, values: string }> };

export type RestoreRevisionMutationVariables = Exact<{
  eventId: Scalars['ID']['input'];
}>;


export type RestoreRevisionMutation = { restoreRevision: { id: string, resource: string, recordId: string | null } };

export type LoginMutationVariables = Exact<{
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
  code?: InputMaybe<Scalars['String']['input']>;
}>;


export type LoginMutation = { login: { token: string, name: string } };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: boolean };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { mustSetUpTwoFactor: boolean, permissions: Array<{ resource: string, actions: Array<string> }> } | null };

export type RegisterMutationVariables = Exact<{
  name?: InputMaybe<Scalars['String']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  password?: InputMaybe<Scalars['String']['input']>;
  password2?: InputMaybe<Scalars['String']['input']>;
}>;


export type RegisterMutation = { register: { message: string, approved: boolean } };

export type RevokeApiTokenMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RevokeApiTokenMutation = { revokeApiToken: boolean };

export type ReconcileLaunchPadsMutationVariables = Exact<{ [key: string]: never; }>;


export type ReconcileLaunchPadsMutation = { reconcileLaunchPads: number };

export type PermissionCatalogueQueryVariables = Exact<{
  forTokens?: InputMaybe<Scalars['Boolean']['input']>;
  forCustomRoles?: InputMaybe<Scalars['Boolean']['input']>;
}>;


export type PermissionCatalogueQuery = { permissionCatalogue: Array<{ resource: string, actions: Array<string> }> };

export type EndUserSessionsMutationVariables = Exact<{
  userId: Scalars['ID']['input'];
}>;


export type EndUserSessionsMutation = { endUserSessions: number };

export type SaleInsightQueryVariables = Exact<{
  address: Scalars['String']['input'];
}>;


export type SaleInsightQuery = { presaleStats: { raisedBnb: string, raisedBusd: string, averageBnb: string, averageBusd: string, largestBnb: string, largestBusd: string, tokensSold: string, contributors: number, contributions: number, whitelistSize: number, hardCapBnb: string | null, hardCapBusd: string | null, open: boolean, startTime: string | null, endTime: string | null, secondsLeft: number | null, indexedBlock: number }, chainIndexStatus: { enabled: boolean, headBlock: number | null, indexedBlock: number | null, behind: number | null, confirmations: number, lastError: string | null } };

export type PresaleTimelineQueryVariables = Exact<{
  address: Scalars['String']['input'];
  bucket: Scalars['String']['input'];
}>;


export type PresaleTimelineQuery = { presaleTimeline: Array<{ at: string, bnb: string, busd: string, cumulativeBnb: string, cumulativeBusd: string, contributions: number }> };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const ChainConfigDocument = new TypedDocumentString(`
    query ChainConfig {
  chainConfig {
    chainId
    rpcUrl
    explorerUrl
    contracts {
      farm
      pairFactory
      presaleFactory
      staking
      token
      stable
      multicall3
    }
    walletConnectProjectId
  }
}
    `) as unknown as TypedDocumentString<ChainConfigQuery, ChainConfigQueryVariables>;
export const SafeInfoDocument = new TypedDocumentString(`
    query SafeInfo($address: String!) {
  safeInfo(address: $address) {
    address
    owners
    threshold
    nonce
    nextNonce
  }
}
    `) as unknown as TypedDocumentString<SafeInfoQuery, SafeInfoQueryVariables>;
export const ProposeSafeTransactionDocument = new TypedDocumentString(`
    mutation ProposeSafeTransaction($safe: String!, $to: String!, $data: String!, $value: String, $nonce: Int, $signature: String!) {
  proposeSafeTransaction(
    safe: $safe
    to: $to
    data: $data
    value: $value
    nonce: $nonce
    signature: $signature
  ) {
    safeTxHash
    status
    confirmationCount
    confirmationsRequired
  }
}
    `) as unknown as TypedDocumentString<ProposeSafeTransactionMutation, ProposeSafeTransactionMutationVariables>;
export const ConfirmSafeTransactionDocument = new TypedDocumentString(`
    mutation ConfirmSafeTransaction($safeTxHash: String!, $signature: String!) {
  confirmSafeTransaction(safeTxHash: $safeTxHash, signature: $signature) {
    safeTxHash
    status
    confirmationCount
    confirmationsRequired
  }
}
    `) as unknown as TypedDocumentString<ConfirmSafeTransactionMutation, ConfirmSafeTransactionMutationVariables>;
export const SafeQueueDocument = new TypedDocumentString(`
    query SafeQueue($filter: SafeTransactionFilter, $perPage: Int) {
  allSafeTransactions(
    filter: $filter
    page: 0
    perPage: $perPage
    sortField: "nonce"
    sortOrder: "DESC"
  ) {
    id
    safe
    safeTxHash
    to
    value
    data
    nonce
    proposer
    status
    confirmationCount
    confirmationsRequired
    confirmations {
      owner
      createdAt
    }
    signatures
    executedTxHash
    createdAt
  }
}
    `) as unknown as TypedDocumentString<SafeQueueQuery, SafeQueueQueryVariables>;
export const RecordChainTransactionDocument = new TypedDocumentString(`
    mutation RecordChainTransaction($hash: String!) {
  recordChainTransaction(hash: $hash) {
    id
    hash
    status
    blockNumber
    contract
    functionName
    presaleAddress
  }
}
    `) as unknown as TypedDocumentString<RecordChainTransactionMutation, RecordChainTransactionMutationVariables>;
export const AnnouncePresenceDocument = new TypedDocumentString(`
    mutation announcePresence($resource: String!, $id: ID!, $open: Boolean!, $tab: String) {
  announcePresence(resource: $resource, id: $id, open: $open, tab: $tab)
}
    `) as unknown as TypedDocumentString<AnnouncePresenceMutation, AnnouncePresenceMutationVariables>;
export const ChangesDocument = new TypedDocumentString(`
    subscription changes {
  changes {
    resource
    id
    op
    version
    actor
    at
    tab
  }
}
    `) as unknown as TypedDocumentString<ChangesSubscription, ChangesSubscriptionVariables>;
export const MyApiTokensDocument = new TypedDocumentString(`
    query myApiTokens($userId: Int) {
  allApiTokens(
    perPage: 100
    sortField: "createdAt"
    sortOrder: "DESC"
    filter: {userId: $userId}
  ) {
    id
    name
    description
    expiresAt
    lastUsedAt
    lastUsedIp
    revoked
    readOnly
    createdAt
  }
}
    `) as unknown as TypedDocumentString<MyApiTokensQuery, MyApiTokensQueryVariables>;
export const MyPermissionsDocument = new TypedDocumentString(`
    query myPermissions {
  me {
    id
    permissions {
      resource
      actions
    }
  }
}
    `) as unknown as TypedDocumentString<MyPermissionsQuery, MyPermissionsQueryVariables>;
export const MeIdDocument = new TypedDocumentString(`
    query meId {
  me {
    id
  }
}
    `) as unknown as TypedDocumentString<MeIdQuery, MeIdQueryVariables>;
export const CreateApiTokenDocument = new TypedDocumentString(`
    mutation createApiToken($name: String!, $description: String, $expiresInDays: Int, $readOnly: Boolean, $permissions: [PermissionInput!]) {
  createApiToken(
    name: $name
    description: $description
    expiresInDays: $expiresInDays
    readOnly: $readOnly
    permissions: $permissions
  ) {
    token
    apiToken {
      id
      name
      expiresAt
    }
  }
}
    `) as unknown as TypedDocumentString<CreateApiTokenMutation, CreateApiTokenMutationVariables>;
export const SecurityMeDocument = new TypedDocumentString(`
    query securityMe {
  me {
    twoFactorEnabled
    mustSetUpTwoFactor
  }
  mySignIns {
    id
    createdAt
    result
    ip
    userAgent
  }
}
    `) as unknown as TypedDocumentString<SecurityMeQuery, SecurityMeQueryVariables>;
export const SetupTwoFactorDocument = new TypedDocumentString(`
    mutation setupTwoFactor {
  setupTwoFactor {
    secret
    otpauthUrl
    qrCode
    recoveryCodes
  }
}
    `) as unknown as TypedDocumentString<SetupTwoFactorMutation, SetupTwoFactorMutationVariables>;
export const EnableTwoFactorDocument = new TypedDocumentString(`
    mutation enableTwoFactor($code: String!) {
  enableTwoFactor(code: $code)
}
    `) as unknown as TypedDocumentString<EnableTwoFactorMutation, EnableTwoFactorMutationVariables>;
export const DisableTwoFactorDocument = new TypedDocumentString(`
    mutation disableTwoFactor($code: String!) {
  disableTwoFactor(code: $code)
}
    `) as unknown as TypedDocumentString<DisableTwoFactorMutation, DisableTwoFactorMutationVariables>;
export const NewRecoveryCodesDocument = new TypedDocumentString(`
    mutation newRecoveryCodes($code: String!) {
  newRecoveryCodes(code: $code)
}
    `) as unknown as TypedDocumentString<NewRecoveryCodesMutation, NewRecoveryCodesMutationVariables>;
export const MySessionsDocument = new TypedDocumentString(`
    query mySessions($userId: Int) {
  allSessions(
    filter: {userId: $userId, revoked: false}
    perPage: 100
    sortField: "createdAt"
    sortOrder: "DESC"
  ) {
    id
    device
    ip
    createdAt
    lastSeenAt
    current
    revoked
    expiresAt
  }
}
    `) as unknown as TypedDocumentString<MySessionsQuery, MySessionsQueryVariables>;
export const SessionsMeDocument = new TypedDocumentString(`
    query sessionsMe {
  me {
    id
  }
}
    `) as unknown as TypedDocumentString<SessionsMeQuery, SessionsMeQueryVariables>;
export const EndSessionDocument = new TypedDocumentString(`
    mutation endSession($id: ID!) {
  endSession(id: $id)
}
    `) as unknown as TypedDocumentString<EndSessionMutation, EndSessionMutationVariables>;
export const EndOtherSessionsDocument = new TypedDocumentString(`
    mutation endOtherSessions {
  endOtherSessions
}
    `) as unknown as TypedDocumentString<EndOtherSessionsMutation, EndOtherSessionsMutationVariables>;
export const WebhooksDocument = new TypedDocumentString(`
    query webhooks {
  allWebhooks(perPage: 100, sortField: "id", sortOrder: "ASC") {
    id
    url
    description
    resources
    operations
    enabled
    consecutiveFailures
    disabledAt
    disabledReason
  }
}
    `) as unknown as TypedDocumentString<WebhooksQuery, WebhooksQueryVariables>;
export const CreateWebhookDocument = new TypedDocumentString(`
    mutation createWebhook($url: String!, $description: String, $resources: [String!]!, $operations: [String!]) {
  createWebhook(
    url: $url
    description: $description
    resources: $resources
    operations: $operations
  ) {
    secret
    webhook {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<CreateWebhookMutation, CreateWebhookMutationVariables>;
export const UpdateWebhookDocument = new TypedDocumentString(`
    mutation updateWebhook($id: ID!, $url: String, $description: String, $resources: [String!], $operations: [String!], $enabled: Boolean) {
  updateWebhook(
    id: $id
    url: $url
    description: $description
    resources: $resources
    operations: $operations
    enabled: $enabled
  ) {
    id
    url
    description
    resources
    operations
    enabled
    consecutiveFailures
    disabledAt
    disabledReason
  }
}
    `) as unknown as TypedDocumentString<UpdateWebhookMutation, UpdateWebhookMutationVariables>;
export const DeleteWebhookDocument = new TypedDocumentString(`
    mutation deleteWebhook($id: ID!) {
  deleteWebhook(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<DeleteWebhookMutation, DeleteWebhookMutationVariables>;
export const WebhookDeliveriesDocument = new TypedDocumentString(`
    query webhookDeliveries($webhookId: ID) {
  allWebhookDeliveries(
    filter: {webhookId: $webhookId}
    perPage: 50
    sortField: "id"
    sortOrder: "DESC"
  ) {
    id
    webhookMessageId
    eventType
    status
    attempts
    responseStatus
    latencyMs
    lastError
    body
    createdAt
  }
}
    `) as unknown as TypedDocumentString<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const RedeliverWebhookDocument = new TypedDocumentString(`
    mutation redeliverWebhook($deliveryId: ID!) {
  redeliverWebhook(deliveryId: $deliveryId) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<RedeliverWebhookMutation, RedeliverWebhookMutationVariables>;
export const SendTestWebhookDocument = new TypedDocumentString(`
    mutation sendTestWebhook($id: ID!) {
  sendTestWebhook(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<SendTestWebhookMutation, SendTestWebhookMutationVariables>;
export const RevisionsDocument = new TypedDocumentString(`
    query revisions($resource: String!, $id: ID!) {
  revisions(resource: $resource, id: $id) {
    eventId
    createdAt
    actorName
    operation
    fields
    values
  }
}
    `) as unknown as TypedDocumentString<RevisionsQuery, RevisionsQueryVariables>;
export const RestoreRevisionDocument = new TypedDocumentString(`
    mutation restoreRevision($eventId: ID!) {
  restoreRevision(eventId: $eventId) {
    id
    resource
    recordId
  }
}
    `) as unknown as TypedDocumentString<RestoreRevisionMutation, RestoreRevisionMutationVariables>;
export const LoginDocument = new TypedDocumentString(`
    mutation login($email: String!, $password: String!, $code: String) {
  login(email: $email, password: $password, code: $code) {
    token
    name
  }
}
    `) as unknown as TypedDocumentString<LoginMutation, LoginMutationVariables>;
export const LogoutDocument = new TypedDocumentString(`
    mutation logout {
  logout
}
    `) as unknown as TypedDocumentString<LogoutMutation, LogoutMutationVariables>;
export const MeDocument = new TypedDocumentString(`
    query me {
  me {
    mustSetUpTwoFactor
    permissions {
      resource
      actions
    }
  }
}
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;
export const RegisterDocument = new TypedDocumentString(`
    mutation register($name: String, $email: String, $password: String, $password2: String) {
  register(name: $name, email: $email, password: $password, password2: $password2) {
    message
    approved
  }
}
    `) as unknown as TypedDocumentString<RegisterMutation, RegisterMutationVariables>;
export const RevokeApiTokenDocument = new TypedDocumentString(`
    mutation revokeApiToken($id: ID!) {
  revokeApiToken(id: $id)
}
    `) as unknown as TypedDocumentString<RevokeApiTokenMutation, RevokeApiTokenMutationVariables>;
export const ReconcileLaunchPadsDocument = new TypedDocumentString(`
    mutation ReconcileLaunchPads {
  reconcileLaunchPads
}
    `) as unknown as TypedDocumentString<ReconcileLaunchPadsMutation, ReconcileLaunchPadsMutationVariables>;
export const PermissionCatalogueDocument = new TypedDocumentString(`
    query permissionCatalogue($forTokens: Boolean, $forCustomRoles: Boolean) {
  permissionCatalogue(forTokens: $forTokens, forCustomRoles: $forCustomRoles) {
    resource
    actions
  }
}
    `) as unknown as TypedDocumentString<PermissionCatalogueQuery, PermissionCatalogueQueryVariables>;
export const EndUserSessionsDocument = new TypedDocumentString(`
    mutation endUserSessions($userId: ID!) {
  endUserSessions(userId: $userId)
}
    `) as unknown as TypedDocumentString<EndUserSessionsMutation, EndUserSessionsMutationVariables>;
export const SaleInsightDocument = new TypedDocumentString(`
    query SaleInsight($address: String!) {
  presaleStats(address: $address) {
    raisedBnb
    raisedBusd
    averageBnb
    averageBusd
    largestBnb
    largestBusd
    tokensSold
    contributors
    contributions
    whitelistSize
    hardCapBnb
    hardCapBusd
    open
    startTime
    endTime
    secondsLeft
    indexedBlock
  }
  chainIndexStatus {
    enabled
    headBlock
    indexedBlock
    behind
    confirmations
    lastError
  }
}
    `) as unknown as TypedDocumentString<SaleInsightQuery, SaleInsightQueryVariables>;
export const PresaleTimelineDocument = new TypedDocumentString(`
    query PresaleTimeline($address: String!, $bucket: String!) {
  presaleTimeline(address: $address, bucket: $bucket) {
    at
    bnb
    busd
    cumulativeBnb
    cumulativeBusd
    contributions
  }
}
    `) as unknown as TypedDocumentString<PresaleTimelineQuery, PresaleTimelineQueryVariables>;