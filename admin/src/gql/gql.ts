/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query ChainConfig {\n    chainConfig {\n      chainId\n      rpcUrl\n      explorerUrl\n      contracts {\n        farm\n        pairFactory\n        presaleFactory\n        staking\n        token\n        stable\n        multicall3\n      }\n      walletConnectProjectId\n    }\n  }\n": typeof types.ChainConfigDocument,
    "\n  query SafeInfo($address: String!) {\n    safeInfo(address: $address) {\n      address\n      owners\n      threshold\n      nonce\n      nextNonce\n    }\n  }\n": typeof types.SafeInfoDocument,
    "\n  mutation ProposeSafeTransaction($safe: String!, $to: String!, $data: String!, $value: String, $nonce: Int, $signature: String!) {\n    proposeSafeTransaction(safe: $safe, to: $to, data: $data, value: $value, nonce: $nonce, signature: $signature) {\n      safeTxHash\n      status\n      confirmationCount\n      confirmationsRequired\n    }\n  }\n": typeof types.ProposeSafeTransactionDocument,
    "\n  mutation ConfirmSafeTransaction($safeTxHash: String!, $signature: String!) {\n    confirmSafeTransaction(safeTxHash: $safeTxHash, signature: $signature) {\n      safeTxHash\n      status\n      confirmationCount\n      confirmationsRequired\n    }\n  }\n": typeof types.ConfirmSafeTransactionDocument,
    "\n  query SafeQueue($filter: SafeTransactionFilter, $perPage: Int) {\n    allSafeTransactions(filter: $filter, page: 0, perPage: $perPage, sortField: \"nonce\", sortOrder: \"DESC\") {\n      id\n      safe\n      safeTxHash\n      to\n      value\n      data\n      nonce\n      proposer\n      status\n      confirmationCount\n      confirmationsRequired\n      confirmations {\n        owner\n        createdAt\n      }\n      signatures\n      executedTxHash\n      createdAt\n    }\n  }\n": typeof types.SafeQueueDocument,
    "\n  mutation RecordChainTransaction($hash: String!) {\n    recordChainTransaction(hash: $hash) {\n      id\n      hash\n      status\n      blockNumber\n      contract\n      functionName\n      presaleAddress\n    }\n  }\n": typeof types.RecordChainTransactionDocument,
    "\n  mutation announcePresence($resource: String!, $id: ID!, $open: Boolean!, $tab: String) {\n    announcePresence(resource: $resource, id: $id, open: $open, tab: $tab)\n  }\n": typeof types.AnnouncePresenceDocument,
    "\n  subscription changes {\n    changes {\n      resource\n      id\n      op\n      version\n      actor\n      at\n      tab\n    }\n  }\n": typeof types.ChangesDocument,
    "\n  query myApiTokens($userId: Int) {\n    allApiTokens(perPage: 100, sortField: \"createdAt\", sortOrder: \"DESC\", filter: { userId: $userId }) {\n      id\n      name\n      description\n      expiresAt\n      lastUsedAt\n      lastUsedIp\n      revoked\n      readOnly\n      createdAt\n    }\n  }\n": typeof types.MyApiTokensDocument,
    "\n  query myPermissions {\n    me {\n      id\n      permissions {\n        resource\n        actions\n      }\n    }\n  }\n": typeof types.MyPermissionsDocument,
    "\n  query meId {\n    me {\n      id\n    }\n  }\n": typeof types.MeIdDocument,
    "\n  mutation createApiToken($name: String!, $description: String, $expiresInDays: Int, $readOnly: Boolean, $permissions: [PermissionInput!]) {\n    createApiToken(name: $name, description: $description, expiresInDays: $expiresInDays, readOnly: $readOnly, permissions: $permissions) {\n      token\n      apiToken {\n        id\n        name\n        expiresAt\n      }\n    }\n  }\n": typeof types.CreateApiTokenDocument,
    "\n  query securityMe {\n    me {\n      twoFactorEnabled\n      mustSetUpTwoFactor\n    }\n    mySignIns {\n      id\n      createdAt\n      result\n      ip\n      userAgent\n    }\n  }\n": typeof types.SecurityMeDocument,
    "\n  mutation setupTwoFactor {\n    setupTwoFactor {\n      secret\n      otpauthUrl\n      qrCode\n      recoveryCodes\n    }\n  }\n": typeof types.SetupTwoFactorDocument,
    "\n  mutation enableTwoFactor($code: String!) {\n    enableTwoFactor(code: $code)\n  }\n": typeof types.EnableTwoFactorDocument,
    "\n  mutation disableTwoFactor($code: String!) {\n    disableTwoFactor(code: $code)\n  }\n": typeof types.DisableTwoFactorDocument,
    "\n  mutation newRecoveryCodes($code: String!) {\n    newRecoveryCodes(code: $code)\n  }\n": typeof types.NewRecoveryCodesDocument,
    "\n  query mySessions($userId: Int) {\n    allSessions(filter: { userId: $userId, revoked: false }, perPage: 100, sortField: \"createdAt\", sortOrder: \"DESC\") {\n      id\n      device\n      ip\n      createdAt\n      lastSeenAt\n      current\n      revoked\n      expiresAt\n    }\n  }\n": typeof types.MySessionsDocument,
    "\n  query sessionsMe {\n    me {\n      id\n    }\n  }\n": typeof types.SessionsMeDocument,
    "\n  mutation endSession($id: ID!) {\n    endSession(id: $id)\n  }\n": typeof types.EndSessionDocument,
    "\n  mutation endOtherSessions {\n    endOtherSessions\n  }\n": typeof types.EndOtherSessionsDocument,
    "\n  query webhooks {\n    allWebhooks(perPage: 100, sortField: \"id\", sortOrder: \"ASC\") {\n      id\n      url\n      description\n      resources\n      operations\n      enabled\n      consecutiveFailures\n      disabledAt\n      disabledReason\n    }\n  }\n": typeof types.WebhooksDocument,
    "\n  mutation createWebhook($url: String!, $description: String, $resources: [String!]!, $operations: [String!]) {\n    createWebhook(url: $url, description: $description, resources: $resources, operations: $operations) {\n      secret\n      webhook {\n        id\n      }\n    }\n  }\n": typeof types.CreateWebhookDocument,
    "\n  mutation updateWebhook($id: ID!, $url: String, $description: String, $resources: [String!], $operations: [String!], $enabled: Boolean) {\n    updateWebhook(id: $id, url: $url, description: $description, resources: $resources, operations: $operations, enabled: $enabled) {\n      id\n      url\n      description\n      resources\n      operations\n      enabled\n      consecutiveFailures\n      disabledAt\n      disabledReason\n    }\n  }\n": typeof types.UpdateWebhookDocument,
    "\n  mutation deleteWebhook($id: ID!) {\n    deleteWebhook(id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteWebhookDocument,
    "\n  query webhookDeliveries($webhookId: ID) {\n    allWebhookDeliveries(filter: { webhookId: $webhookId }, perPage: 50, sortField: \"id\", sortOrder: \"DESC\") {\n      id\n      webhookMessageId\n      eventType\n      status\n      attempts\n      responseStatus\n      latencyMs\n      lastError\n      body\n      createdAt\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  mutation redeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n": typeof types.RedeliverWebhookDocument,
    "\n  mutation sendTestWebhook($id: ID!) {\n    sendTestWebhook(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.SendTestWebhookDocument,
    "\n    query revisions($resource: String!, $id: ID!) {\n      revisions(resource: $resource, id: $id) {\n        eventId\n        createdAt\n        actorName\n        operation\n        fields\n        values\n      }\n    }\n  ": typeof types.RevisionsDocument,
    "\n    mutation restoreRevision($eventId: ID!) {\n      restoreRevision(eventId: $eventId) {\n        id\n        resource\n        recordId\n      }\n    }\n  ": typeof types.RestoreRevisionDocument,
    "\n  mutation login($email: String!, $password: String!, $code: String) {\n    login(email: $email, password: $password, code: $code) {\n      token\n      name\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query me {\n    me {\n      mustSetUpTwoFactor\n      permissions {\n        resource\n        actions\n      }\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation register($name: String, $email: String, $password: String, $password2: String) {\n    register(name: $name, email: $email, password: $password, password2: $password2) {\n      message\n      approved\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  mutation revokeApiToken($id: ID!) {\n    revokeApiToken(id: $id)\n  }\n": typeof types.RevokeApiTokenDocument,
    "\n  mutation ReconcileLaunchPads {\n    reconcileLaunchPads\n  }\n": typeof types.ReconcileLaunchPadsDocument,
    "\n  query permissionCatalogue($forTokens: Boolean, $forCustomRoles: Boolean) {\n    permissionCatalogue(forTokens: $forTokens, forCustomRoles: $forCustomRoles) {\n      resource\n      actions\n    }\n  }\n": typeof types.PermissionCatalogueDocument,
    "\n  mutation endUserSessions($userId: ID!) {\n    endUserSessions(userId: $userId)\n  }\n": typeof types.EndUserSessionsDocument,
    "\n  query SaleInsight($address: String!) {\n    presaleStats(address: $address) {\n      raisedBnb\n      raisedBusd\n      averageBnb\n      averageBusd\n      largestBnb\n      largestBusd\n      tokensSold\n      contributors\n      contributions\n      whitelistSize\n      hardCapBnb\n      hardCapBusd\n      open\n      startTime\n      endTime\n      secondsLeft\n      indexedBlock\n    }\n    chainIndexStatus {\n      enabled\n      headBlock\n      indexedBlock\n      behind\n      confirmations\n      lastError\n    }\n  }\n": typeof types.SaleInsightDocument,
    "\n  query PresaleTimeline($address: String!, $bucket: String!) {\n    presaleTimeline(address: $address, bucket: $bucket) {\n      at\n      bnb\n      busd\n      cumulativeBnb\n      cumulativeBusd\n      contributions\n    }\n  }\n": typeof types.PresaleTimelineDocument,
};
const documents: Documents = {
    "\n  query ChainConfig {\n    chainConfig {\n      chainId\n      rpcUrl\n      explorerUrl\n      contracts {\n        farm\n        pairFactory\n        presaleFactory\n        staking\n        token\n        stable\n        multicall3\n      }\n      walletConnectProjectId\n    }\n  }\n": types.ChainConfigDocument,
    "\n  query SafeInfo($address: String!) {\n    safeInfo(address: $address) {\n      address\n      owners\n      threshold\n      nonce\n      nextNonce\n    }\n  }\n": types.SafeInfoDocument,
    "\n  mutation ProposeSafeTransaction($safe: String!, $to: String!, $data: String!, $value: String, $nonce: Int, $signature: String!) {\n    proposeSafeTransaction(safe: $safe, to: $to, data: $data, value: $value, nonce: $nonce, signature: $signature) {\n      safeTxHash\n      status\n      confirmationCount\n      confirmationsRequired\n    }\n  }\n": types.ProposeSafeTransactionDocument,
    "\n  mutation ConfirmSafeTransaction($safeTxHash: String!, $signature: String!) {\n    confirmSafeTransaction(safeTxHash: $safeTxHash, signature: $signature) {\n      safeTxHash\n      status\n      confirmationCount\n      confirmationsRequired\n    }\n  }\n": types.ConfirmSafeTransactionDocument,
    "\n  query SafeQueue($filter: SafeTransactionFilter, $perPage: Int) {\n    allSafeTransactions(filter: $filter, page: 0, perPage: $perPage, sortField: \"nonce\", sortOrder: \"DESC\") {\n      id\n      safe\n      safeTxHash\n      to\n      value\n      data\n      nonce\n      proposer\n      status\n      confirmationCount\n      confirmationsRequired\n      confirmations {\n        owner\n        createdAt\n      }\n      signatures\n      executedTxHash\n      createdAt\n    }\n  }\n": types.SafeQueueDocument,
    "\n  mutation RecordChainTransaction($hash: String!) {\n    recordChainTransaction(hash: $hash) {\n      id\n      hash\n      status\n      blockNumber\n      contract\n      functionName\n      presaleAddress\n    }\n  }\n": types.RecordChainTransactionDocument,
    "\n  mutation announcePresence($resource: String!, $id: ID!, $open: Boolean!, $tab: String) {\n    announcePresence(resource: $resource, id: $id, open: $open, tab: $tab)\n  }\n": types.AnnouncePresenceDocument,
    "\n  subscription changes {\n    changes {\n      resource\n      id\n      op\n      version\n      actor\n      at\n      tab\n    }\n  }\n": types.ChangesDocument,
    "\n  query myApiTokens($userId: Int) {\n    allApiTokens(perPage: 100, sortField: \"createdAt\", sortOrder: \"DESC\", filter: { userId: $userId }) {\n      id\n      name\n      description\n      expiresAt\n      lastUsedAt\n      lastUsedIp\n      revoked\n      readOnly\n      createdAt\n    }\n  }\n": types.MyApiTokensDocument,
    "\n  query myPermissions {\n    me {\n      id\n      permissions {\n        resource\n        actions\n      }\n    }\n  }\n": types.MyPermissionsDocument,
    "\n  query meId {\n    me {\n      id\n    }\n  }\n": types.MeIdDocument,
    "\n  mutation createApiToken($name: String!, $description: String, $expiresInDays: Int, $readOnly: Boolean, $permissions: [PermissionInput!]) {\n    createApiToken(name: $name, description: $description, expiresInDays: $expiresInDays, readOnly: $readOnly, permissions: $permissions) {\n      token\n      apiToken {\n        id\n        name\n        expiresAt\n      }\n    }\n  }\n": types.CreateApiTokenDocument,
    "\n  query securityMe {\n    me {\n      twoFactorEnabled\n      mustSetUpTwoFactor\n    }\n    mySignIns {\n      id\n      createdAt\n      result\n      ip\n      userAgent\n    }\n  }\n": types.SecurityMeDocument,
    "\n  mutation setupTwoFactor {\n    setupTwoFactor {\n      secret\n      otpauthUrl\n      qrCode\n      recoveryCodes\n    }\n  }\n": types.SetupTwoFactorDocument,
    "\n  mutation enableTwoFactor($code: String!) {\n    enableTwoFactor(code: $code)\n  }\n": types.EnableTwoFactorDocument,
    "\n  mutation disableTwoFactor($code: String!) {\n    disableTwoFactor(code: $code)\n  }\n": types.DisableTwoFactorDocument,
    "\n  mutation newRecoveryCodes($code: String!) {\n    newRecoveryCodes(code: $code)\n  }\n": types.NewRecoveryCodesDocument,
    "\n  query mySessions($userId: Int) {\n    allSessions(filter: { userId: $userId, revoked: false }, perPage: 100, sortField: \"createdAt\", sortOrder: \"DESC\") {\n      id\n      device\n      ip\n      createdAt\n      lastSeenAt\n      current\n      revoked\n      expiresAt\n    }\n  }\n": types.MySessionsDocument,
    "\n  query sessionsMe {\n    me {\n      id\n    }\n  }\n": types.SessionsMeDocument,
    "\n  mutation endSession($id: ID!) {\n    endSession(id: $id)\n  }\n": types.EndSessionDocument,
    "\n  mutation endOtherSessions {\n    endOtherSessions\n  }\n": types.EndOtherSessionsDocument,
    "\n  query webhooks {\n    allWebhooks(perPage: 100, sortField: \"id\", sortOrder: \"ASC\") {\n      id\n      url\n      description\n      resources\n      operations\n      enabled\n      consecutiveFailures\n      disabledAt\n      disabledReason\n    }\n  }\n": types.WebhooksDocument,
    "\n  mutation createWebhook($url: String!, $description: String, $resources: [String!]!, $operations: [String!]) {\n    createWebhook(url: $url, description: $description, resources: $resources, operations: $operations) {\n      secret\n      webhook {\n        id\n      }\n    }\n  }\n": types.CreateWebhookDocument,
    "\n  mutation updateWebhook($id: ID!, $url: String, $description: String, $resources: [String!], $operations: [String!], $enabled: Boolean) {\n    updateWebhook(id: $id, url: $url, description: $description, resources: $resources, operations: $operations, enabled: $enabled) {\n      id\n      url\n      description\n      resources\n      operations\n      enabled\n      consecutiveFailures\n      disabledAt\n      disabledReason\n    }\n  }\n": types.UpdateWebhookDocument,
    "\n  mutation deleteWebhook($id: ID!) {\n    deleteWebhook(id: $id) {\n      id\n    }\n  }\n": types.DeleteWebhookDocument,
    "\n  query webhookDeliveries($webhookId: ID) {\n    allWebhookDeliveries(filter: { webhookId: $webhookId }, perPage: 50, sortField: \"id\", sortOrder: \"DESC\") {\n      id\n      webhookMessageId\n      eventType\n      status\n      attempts\n      responseStatus\n      latencyMs\n      lastError\n      body\n      createdAt\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  mutation redeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n": types.RedeliverWebhookDocument,
    "\n  mutation sendTestWebhook($id: ID!) {\n    sendTestWebhook(id: $id) {\n      id\n      status\n    }\n  }\n": types.SendTestWebhookDocument,
    "\n    query revisions($resource: String!, $id: ID!) {\n      revisions(resource: $resource, id: $id) {\n        eventId\n        createdAt\n        actorName\n        operation\n        fields\n        values\n      }\n    }\n  ": types.RevisionsDocument,
    "\n    mutation restoreRevision($eventId: ID!) {\n      restoreRevision(eventId: $eventId) {\n        id\n        resource\n        recordId\n      }\n    }\n  ": types.RestoreRevisionDocument,
    "\n  mutation login($email: String!, $password: String!, $code: String) {\n    login(email: $email, password: $password, code: $code) {\n      token\n      name\n    }\n  }\n": types.LoginDocument,
    "\n  mutation logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query me {\n    me {\n      mustSetUpTwoFactor\n      permissions {\n        resource\n        actions\n      }\n    }\n  }\n": types.MeDocument,
    "\n  mutation register($name: String, $email: String, $password: String, $password2: String) {\n    register(name: $name, email: $email, password: $password, password2: $password2) {\n      message\n      approved\n    }\n  }\n": types.RegisterDocument,
    "\n  mutation revokeApiToken($id: ID!) {\n    revokeApiToken(id: $id)\n  }\n": types.RevokeApiTokenDocument,
    "\n  mutation ReconcileLaunchPads {\n    reconcileLaunchPads\n  }\n": types.ReconcileLaunchPadsDocument,
    "\n  query permissionCatalogue($forTokens: Boolean, $forCustomRoles: Boolean) {\n    permissionCatalogue(forTokens: $forTokens, forCustomRoles: $forCustomRoles) {\n      resource\n      actions\n    }\n  }\n": types.PermissionCatalogueDocument,
    "\n  mutation endUserSessions($userId: ID!) {\n    endUserSessions(userId: $userId)\n  }\n": types.EndUserSessionsDocument,
    "\n  query SaleInsight($address: String!) {\n    presaleStats(address: $address) {\n      raisedBnb\n      raisedBusd\n      averageBnb\n      averageBusd\n      largestBnb\n      largestBusd\n      tokensSold\n      contributors\n      contributions\n      whitelistSize\n      hardCapBnb\n      hardCapBusd\n      open\n      startTime\n      endTime\n      secondsLeft\n      indexedBlock\n    }\n    chainIndexStatus {\n      enabled\n      headBlock\n      indexedBlock\n      behind\n      confirmations\n      lastError\n    }\n  }\n": types.SaleInsightDocument,
    "\n  query PresaleTimeline($address: String!, $bucket: String!) {\n    presaleTimeline(address: $address, bucket: $bucket) {\n      at\n      bnb\n      busd\n      cumulativeBnb\n      cumulativeBusd\n      contributions\n    }\n  }\n": types.PresaleTimelineDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChainConfig {\n    chainConfig {\n      chainId\n      rpcUrl\n      explorerUrl\n      contracts {\n        farm\n        pairFactory\n        presaleFactory\n        staking\n        token\n        stable\n        multicall3\n      }\n      walletConnectProjectId\n    }\n  }\n"): typeof import('./graphql').ChainConfigDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SafeInfo($address: String!) {\n    safeInfo(address: $address) {\n      address\n      owners\n      threshold\n      nonce\n      nextNonce\n    }\n  }\n"): typeof import('./graphql').SafeInfoDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ProposeSafeTransaction($safe: String!, $to: String!, $data: String!, $value: String, $nonce: Int, $signature: String!) {\n    proposeSafeTransaction(safe: $safe, to: $to, data: $data, value: $value, nonce: $nonce, signature: $signature) {\n      safeTxHash\n      status\n      confirmationCount\n      confirmationsRequired\n    }\n  }\n"): typeof import('./graphql').ProposeSafeTransactionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmSafeTransaction($safeTxHash: String!, $signature: String!) {\n    confirmSafeTransaction(safeTxHash: $safeTxHash, signature: $signature) {\n      safeTxHash\n      status\n      confirmationCount\n      confirmationsRequired\n    }\n  }\n"): typeof import('./graphql').ConfirmSafeTransactionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SafeQueue($filter: SafeTransactionFilter, $perPage: Int) {\n    allSafeTransactions(filter: $filter, page: 0, perPage: $perPage, sortField: \"nonce\", sortOrder: \"DESC\") {\n      id\n      safe\n      safeTxHash\n      to\n      value\n      data\n      nonce\n      proposer\n      status\n      confirmationCount\n      confirmationsRequired\n      confirmations {\n        owner\n        createdAt\n      }\n      signatures\n      executedTxHash\n      createdAt\n    }\n  }\n"): typeof import('./graphql').SafeQueueDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecordChainTransaction($hash: String!) {\n    recordChainTransaction(hash: $hash) {\n      id\n      hash\n      status\n      blockNumber\n      contract\n      functionName\n      presaleAddress\n    }\n  }\n"): typeof import('./graphql').RecordChainTransactionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation announcePresence($resource: String!, $id: ID!, $open: Boolean!, $tab: String) {\n    announcePresence(resource: $resource, id: $id, open: $open, tab: $tab)\n  }\n"): typeof import('./graphql').AnnouncePresenceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription changes {\n    changes {\n      resource\n      id\n      op\n      version\n      actor\n      at\n      tab\n    }\n  }\n"): typeof import('./graphql').ChangesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query myApiTokens($userId: Int) {\n    allApiTokens(perPage: 100, sortField: \"createdAt\", sortOrder: \"DESC\", filter: { userId: $userId }) {\n      id\n      name\n      description\n      expiresAt\n      lastUsedAt\n      lastUsedIp\n      revoked\n      readOnly\n      createdAt\n    }\n  }\n"): typeof import('./graphql').MyApiTokensDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query myPermissions {\n    me {\n      id\n      permissions {\n        resource\n        actions\n      }\n    }\n  }\n"): typeof import('./graphql').MyPermissionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query meId {\n    me {\n      id\n    }\n  }\n"): typeof import('./graphql').MeIdDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation createApiToken($name: String!, $description: String, $expiresInDays: Int, $readOnly: Boolean, $permissions: [PermissionInput!]) {\n    createApiToken(name: $name, description: $description, expiresInDays: $expiresInDays, readOnly: $readOnly, permissions: $permissions) {\n      token\n      apiToken {\n        id\n        name\n        expiresAt\n      }\n    }\n  }\n"): typeof import('./graphql').CreateApiTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query securityMe {\n    me {\n      twoFactorEnabled\n      mustSetUpTwoFactor\n    }\n    mySignIns {\n      id\n      createdAt\n      result\n      ip\n      userAgent\n    }\n  }\n"): typeof import('./graphql').SecurityMeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation setupTwoFactor {\n    setupTwoFactor {\n      secret\n      otpauthUrl\n      qrCode\n      recoveryCodes\n    }\n  }\n"): typeof import('./graphql').SetupTwoFactorDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation enableTwoFactor($code: String!) {\n    enableTwoFactor(code: $code)\n  }\n"): typeof import('./graphql').EnableTwoFactorDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation disableTwoFactor($code: String!) {\n    disableTwoFactor(code: $code)\n  }\n"): typeof import('./graphql').DisableTwoFactorDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation newRecoveryCodes($code: String!) {\n    newRecoveryCodes(code: $code)\n  }\n"): typeof import('./graphql').NewRecoveryCodesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query mySessions($userId: Int) {\n    allSessions(filter: { userId: $userId, revoked: false }, perPage: 100, sortField: \"createdAt\", sortOrder: \"DESC\") {\n      id\n      device\n      ip\n      createdAt\n      lastSeenAt\n      current\n      revoked\n      expiresAt\n    }\n  }\n"): typeof import('./graphql').MySessionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query sessionsMe {\n    me {\n      id\n    }\n  }\n"): typeof import('./graphql').SessionsMeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation endSession($id: ID!) {\n    endSession(id: $id)\n  }\n"): typeof import('./graphql').EndSessionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation endOtherSessions {\n    endOtherSessions\n  }\n"): typeof import('./graphql').EndOtherSessionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query webhooks {\n    allWebhooks(perPage: 100, sortField: \"id\", sortOrder: \"ASC\") {\n      id\n      url\n      description\n      resources\n      operations\n      enabled\n      consecutiveFailures\n      disabledAt\n      disabledReason\n    }\n  }\n"): typeof import('./graphql').WebhooksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation createWebhook($url: String!, $description: String, $resources: [String!]!, $operations: [String!]) {\n    createWebhook(url: $url, description: $description, resources: $resources, operations: $operations) {\n      secret\n      webhook {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql').CreateWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation updateWebhook($id: ID!, $url: String, $description: String, $resources: [String!], $operations: [String!], $enabled: Boolean) {\n    updateWebhook(id: $id, url: $url, description: $description, resources: $resources, operations: $operations, enabled: $enabled) {\n      id\n      url\n      description\n      resources\n      operations\n      enabled\n      consecutiveFailures\n      disabledAt\n      disabledReason\n    }\n  }\n"): typeof import('./graphql').UpdateWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation deleteWebhook($id: ID!) {\n    deleteWebhook(id: $id) {\n      id\n    }\n  }\n"): typeof import('./graphql').DeleteWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query webhookDeliveries($webhookId: ID) {\n    allWebhookDeliveries(filter: { webhookId: $webhookId }, perPage: 50, sortField: \"id\", sortOrder: \"DESC\") {\n      id\n      webhookMessageId\n      eventType\n      status\n      attempts\n      responseStatus\n      latencyMs\n      lastError\n      body\n      createdAt\n    }\n  }\n"): typeof import('./graphql').WebhookDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation redeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').RedeliverWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation sendTestWebhook($id: ID!) {\n    sendTestWebhook(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').SendTestWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query revisions($resource: String!, $id: ID!) {\n      revisions(resource: $resource, id: $id) {\n        eventId\n        createdAt\n        actorName\n        operation\n        fields\n        values\n      }\n    }\n  "): typeof import('./graphql').RevisionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation restoreRevision($eventId: ID!) {\n      restoreRevision(eventId: $eventId) {\n        id\n        resource\n        recordId\n      }\n    }\n  "): typeof import('./graphql').RestoreRevisionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation login($email: String!, $password: String!, $code: String) {\n    login(email: $email, password: $password, code: $code) {\n      token\n      name\n    }\n  }\n"): typeof import('./graphql').LoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation logout {\n    logout\n  }\n"): typeof import('./graphql').LogoutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query me {\n    me {\n      mustSetUpTwoFactor\n      permissions {\n        resource\n        actions\n      }\n    }\n  }\n"): typeof import('./graphql').MeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation register($name: String, $email: String, $password: String, $password2: String) {\n    register(name: $name, email: $email, password: $password, password2: $password2) {\n      message\n      approved\n    }\n  }\n"): typeof import('./graphql').RegisterDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation revokeApiToken($id: ID!) {\n    revokeApiToken(id: $id)\n  }\n"): typeof import('./graphql').RevokeApiTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReconcileLaunchPads {\n    reconcileLaunchPads\n  }\n"): typeof import('./graphql').ReconcileLaunchPadsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query permissionCatalogue($forTokens: Boolean, $forCustomRoles: Boolean) {\n    permissionCatalogue(forTokens: $forTokens, forCustomRoles: $forCustomRoles) {\n      resource\n      actions\n    }\n  }\n"): typeof import('./graphql').PermissionCatalogueDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation endUserSessions($userId: ID!) {\n    endUserSessions(userId: $userId)\n  }\n"): typeof import('./graphql').EndUserSessionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SaleInsight($address: String!) {\n    presaleStats(address: $address) {\n      raisedBnb\n      raisedBusd\n      averageBnb\n      averageBusd\n      largestBnb\n      largestBusd\n      tokensSold\n      contributors\n      contributions\n      whitelistSize\n      hardCapBnb\n      hardCapBusd\n      open\n      startTime\n      endTime\n      secondsLeft\n      indexedBlock\n    }\n    chainIndexStatus {\n      enabled\n      headBlock\n      indexedBlock\n      behind\n      confirmations\n      lastError\n    }\n  }\n"): typeof import('./graphql').SaleInsightDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PresaleTimeline($address: String!, $bucket: String!) {\n    presaleTimeline(address: $address, bucket: $bucket) {\n      at\n      bnb\n      busd\n      cumulativeBnb\n      cumulativeBusd\n      contributions\n    }\n  }\n"): typeof import('./graphql').PresaleTimelineDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
