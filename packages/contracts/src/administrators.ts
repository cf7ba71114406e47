/** Messages of the calls only administrators may make, stable so a client can translate them. */
export const AdministratorMessages = {
  administratorsOnly: 'Only administrators may do this',
} as const;
