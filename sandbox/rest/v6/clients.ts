import type { HandlerTable } from '../call';
import { copyCreditCard, addClient, mergeClients, updateClient } from './clientWrites';
import { addArrival } from './clientArrivals';
import {
	getAccountBalances,
	getClientIndexes,
	getClients,
	getCompleteInfo,
	getCrossRegionalAssociations,
	getCustomFields,
	getDuplicates,
	getReferralTypes,
	getRequiredFields,
} from './clientLists';
import {
	addContactLog,
	addDirectDebitInfo,
	addFormulaNote,
	deleteContactLog,
	deleteDirectDebitInfo,
	deleteFormulaNote,
	getContactLogs,
	getContactLogTypes,
	getDirectDebitInfo,
	getFormulaNotes,
	getRewards,
	sendAutoEmail,
	sendPasswordResetEmail,
	updateContactLog,
	updateRewards,
	uploadDocument,
	uploadPhoto,
} from './clientNotes';

/** The v6 operations on clients and their records, all kept in the site's state. */
export const clientsV6Handlers: HandlerTable = {
	GetClientAccountBalances: getAccountBalances, // GET /client/clientaccountbalances
	GetClientCompleteInfo: getCompleteInfo, // GET /client/clientcompleteinfo
	GetDirectDebitInfo: getDirectDebitInfo, // GET /client/clientdirectdebitinfo
	DeleteDirectDebitInfo: deleteDirectDebitInfo, // DELETE /client/clientdirectdebitinfo
	GetClientDuplicates: getDuplicates, // GET /client/clientduplicates
	GetClientFormulaNotes: getFormulaNotes, // GET /client/clientformulanotes
	GetClientIndexes: getClientIndexes, // GET /client/clientindexes
	GetClientReferralTypes: getReferralTypes, // GET /client/clientreferraltypes
	GetClientRewards: getRewards, // GET /client/clientrewards
	UpdateClientRewards: updateRewards, // POST /client/clientrewards
	GetClients: getClients, // GET /client/clients
	GetContactLogs: getContactLogs, // GET /client/contactlogs
	GetContactLogTypes: getContactLogTypes, // GET /client/contactlogtypes
	GetCrossRegionalClientAssociations: getCrossRegionalAssociations, // GET /client/crossregionalclientassociations
	GetCustomClientFields: getCustomFields, // GET /client/customclientfields
	GetRequiredClientFields: getRequiredFields, // GET /client/requiredclientfields
	AddArrival: addArrival, // POST /client/addarrival
	AddClient: addClient, // POST /client/addclient
	AddClientDirectDebitInfo: addDirectDebitInfo, // POST /client/addclientdirectdebitinfo
	AddFormulaNote: addFormulaNote, // POST /client/addclientformulanote
	AddContactLog: addContactLog, // POST /client/addcontactlog
	MergeClient: mergeClients, // POST /client/mergeclients
	SendAutoEmail: sendAutoEmail, // POST /client/sendautoemail
	SendPasswordResetEmail: sendPasswordResetEmail, // POST /client/sendpasswordresetemail
	UpdateClient: updateClient, // POST /client/updateclient
	UpdateContactLog: updateContactLog, // POST /client/updatecontactlog
	UploadClientDocument: uploadDocument, // POST /client/uploadclientdocument
	UploadClientPhoto: uploadPhoto, // POST /client/uploadclientphoto
	DeleteClientFormulaNote: deleteFormulaNote, // DELETE /client/clientformulanote
	DeleteContactLog: deleteContactLog, // DELETE /client/deletecontactlog
	CopyCreditCard: copyCreditCard, // POST /crossSite/copycreditcard
};
