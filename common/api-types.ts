/**
 * The HTTP API's types for integrators, generated from GET /openapi.json (server/openapi/) by
 * openapi-typescript: do not edit. Regenerate with `npm run build && npm run openapi:gen`;
 * `npm run openapi:check` (in pretest) fails when this file is out of date with the document.
 */
export interface paths {
    "/api/Verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify a document in one call */
        post: operations["verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Verify/{requestId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify a stored request */
        post: operations["verifyStored"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Store a request for a later verification (429 TooManyRequests when a public key holds its cap of pending requests) */
        post: operations["createRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Request/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A request's status (410 Erased once erased) */
        get: operations["getRequest"];
        put?: never;
        post?: never;
        /** Erase a request: its images, content, result and personal fields at once; later reads answer 410 Erased */
        delete: operations["eraseRequest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Request/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A request's stored content (recorded in the audit trail) */
        get: operations["getRequestContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Request/{id}/result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A finished request's result (recorded in the audit trail) */
        get: operations["getRequestResult"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's webhook endpoints */
        get: operations["listWebhooks"];
        put?: never;
        /** Register a webhook endpoint (the secret is shown only here) */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a webhook endpoint */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The newest 100 deliveries of an endpoint */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/PublicOnboarding/Requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Validation requests of the key's locations, newest first */
        get: operations["listValidationRequests"];
        put?: never;
        /** Create an onboarding invitation */
        post: operations["createValidationRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/PublicOnboarding/Requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One invitation */
        get: operations["getValidationRequest"];
        put?: never;
        post?: never;
        /** Erase an invitation (names, phone, email, metadata) and every attempt's request; later reads answer 410 Erased */
        delete: operations["eraseValidationRequest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/PublicOnboarding/Requests/{id}/opened": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The person opened the link */
        post: operations["recordLinkOpened"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/PublicOnboarding/Requests/{id}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit a document attempt */
        post: operations["recordAttempt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/PublicOnboarding/Requests/{id}/lastResponse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The last attempt's outcome, read back (404 before any attempt; recorded in the audit trail) */
        get: operations["getLastAttempt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The dashboard page for a location's staff (index.html) */
        get: operations["dashboardPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A file of the dashboard page: its ES modules, style sheet and icon */
        get: operations["dashboardFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: pipeline and store reachable */
        get: operations["ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (IDV_METRICS decides who may read) */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "verification.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** verification.completed: a verification answered 200 */
        post: operations["webhook_verification_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "verification.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** verification.failed: a reader error ended the request Failed */
        post: operations["webhook_verification_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "request.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** request.expired: the checking time of a pending request ran out */
        post: operations["webhook_request_expired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "onboarding.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** onboarding.completed: an attempt with an OK verdict completed a validation request */
        post: operations["webhook_onboarding_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @enum {string} */
        ErrorCode: "ValidationError" | "MultipleErrors" | "OCRError" | "MRZOCRError" | "MrzIsNotPresentError" | "FrontImageRequiredError" | "BackImageOrTrackStringNotPresentError" | "PDF417Error" | "FaceDocNotDetectError" | "FacePhotoNotDetectError" | "DocumentVerifyError" | "TrackStringParserError" | "CompareFacesError" | "CaptureFacesError" | "RequestAlreadyProcessed" | "RequestExpired" | "AntiSpoofing" | "BadRequest" | "Unauthorized" | "Forbidden" | "HttpsRequired" | "NotFound" | "Erased" | "PayloadTooLarge" | "UnsupportedMediaType" | "TooManyRequests" | "ApiError" | "ServiceUnavailable";
        Error: {
            traceId: string;
            code: components["schemas"]["ErrorCode"];
            message: string;
            propertyErrors: {
                [key: string]: string;
            } | null;
            multipleErrors: components["schemas"]["Error"][] | null;
            DeveloperMessage?: string;
            /** @description reader errors (OCRError, MRZOCRError, MrzIsNotPresentError, PDF417Error, FaceDocNotDetectError, FacePhotoNotDetectError): the images measured */
            imageQuality?: components["schemas"]["ImageQuality"][];
            /** @description reader errors: what to retake */
            captureFeedback?: components["schemas"]["CaptureFeedback"][];
        };
        /**
         * @description 1 ID, 2 Passport, 3 PassportCard, 6 GreenCard, 7 InternationalId
         * @enum {integer}
         */
        DocumentType: 1 | 2 | 3 | 6 | 7;
        /**
         * @description 0 Pending, 1 Success, 2 Failed, 3 Expired
         * @enum {integer}
         */
        RequestStatus: 0 | 1 | 2 | 3;
        DocumentFields: {
            idType: string | null;
            country: string | null;
            abbrCountry: string | null;
            abbr3Country: string | null;
            id: string | null;
            dob: string | null;
            issued: string | null;
            expires: string | null;
            fullName: string | null;
            privateName: string | null;
            familyName: string | null;
            city: string | null;
            state: string | null;
            zip: string | null;
            address: string | null;
            class: string | null;
            gender: string | null;
            height: string | null;
            eyes: string | null;
            hair: string | null;
            weight: string | null;
            template: string | null;
            firstName: string | null;
            middleName: string | null;
        };
        Confidence: {
            idType: number;
            country: number;
            abbrCountry: number;
            abbr3Country: number;
            id: number;
            dob: number;
            issued: number;
            expires: number;
            fullName: number;
            privateName: number;
            familyName: number;
            city: number;
            state: number;
            zip: number;
            address: number;
            class: number;
            gender: number;
            height: number;
            eyes: number;
            hair: number;
            weight: number;
            template: number;
            firstName: number;
            middleName: number;
        };
        VerificationConfidence: {
            idType: number;
            country: number;
            abbrCountry: number;
            abbr3Country: number;
            id: number;
            dob: number;
            issued: number;
            expires: number;
            fullName: number;
            privateName: number;
            familyName: number;
            city: number;
            state: number;
            zip: number;
            address: number;
            class: number;
            gender: number;
            height: number;
            eyes: number;
            hair: number;
            weight: number;
            template: number;
            firstName: number;
            middleName: number;
        };
        VerificationCheck: {
            /** @enum {string} */
            name: "barcodeIntegrity" | "mrzCheckDigits" | "documentNumberMatch" | "dateOfBirthMatch" | "expiryDateMatch" | "familyNameMatch" | "firstNameMatch" | "issueDateMatch" | "sexMatch" | "notExpired" | "mrzTextMatch";
            /**
             * @description the document field compared; absent for a check of no one field
             * @enum {string}
             */
            field?: "idType" | "country" | "abbrCountry" | "abbr3Country" | "id" | "dob" | "issued" | "expires" | "fullName" | "privateName" | "familyName" | "city" | "state" | "zip" | "address" | "class" | "gender" | "height" | "eyes" | "hair" | "weight" | "template" | "firstName" | "middleName";
            /** @enum {string} */
            result: "passed" | "failed" | "undetermined" | "notChecked";
            /** @description the front's reading of the field, where the front was read there */
            visual?: string;
            /** @description the machine-readable value of the field */
            machineReadable?: string;
            /** @description how strongly the evidence supports the machine-readable value */
            score?: number;
            /** @description one plain sentence: what was found */
            reason: string;
        };
        RequestContentIn: {
            /** @description an integer, a numeric string or a name, case-insensitive */
            documentType: number | string;
            verifyFace?: boolean | string | number;
            frontImageBase64: string;
            backOrSecondImageBase64?: string | null;
            faceImageBase64?: string | null;
            /** @description base64 of the barcode text, the barcode text itself, or for types 2, 3, 6 and 7 MRZ text (lines broken or run together); also as { "data": … } */
            trackString?: string | {
                data: string;
            } | null;
        };
        RequestContent: {
            frontImageBase64: string | null;
            backOrSecondImageBase64: string | null;
            faceImageBase64: string | null;
            trackString: string | null;
        };
        StoredContent: {
            /**
             * @description 1 ID, 2 Passport, 3 PassportCard, 6 GreenCard, 7 InternationalId
             * @enum {integer}
             */
            documentType: 1 | 2 | 3 | 6 | 7;
            verifyFace: boolean;
            frontImageBase64: string | null;
            backOrSecondImageBase64: string | null;
            faceImageBase64: string | null;
            trackString: string | null;
        };
        RequestSummary: {
            /** Format: uuid */
            requestId: string;
            /**
             * @description 0 Pending, 1 Success, 2 Failed, 3 Expired
             * @enum {integer}
             */
            status: 0 | 1 | 2 | 3;
            /** @enum {string} */
            statusName: "Pending" | "Success" | "Failed" | "Expired";
            /**
             * @description 1 ID, 2 Passport, 3 PassportCard, 6 GreenCard, 7 InternationalId
             * @enum {integer}
             */
            documentType: 1 | 2 | 3 | 6 | 7;
        };
        VerificationResponse: {
            /** Format: uuid */
            requestId: string;
            /**
             * @description 1 ID, 2 Passport, 3 PassportCard, 6 GreenCard, 7 InternationalId
             * @enum {integer}
             */
            documentType: 1 | 2 | 3 | 6 | 7;
            document: components["schemas"]["DocumentFields"];
            visual: {
                document: components["schemas"]["DocumentFields"];
                confidence: components["schemas"]["Confidence"];
            };
            machineReadable: {
                document: components["schemas"]["DocumentFields"];
                confidence: components["schemas"]["Confidence"];
            };
            facePhotoFromDocument: string | null;
            facePhoto: string | null;
            signature: string | null;
            documentVerificationResult: {
                /**
                 * @description 0 OK, 1 ItsFake, 2 Expired, 3 LowConfidence
                 * @enum {integer}
                 */
                status: 0 | 1 | 2 | 3;
                verificationConfidence: components["schemas"]["VerificationConfidence"];
                totalConfidence: number;
                /** @description one entry per check made, in the order the verdict evaluates them */
                checks: components["schemas"]["VerificationCheck"][];
            } | null;
            faceVerificationResult: {
                confidence: number;
                antiSpoofing: number;
            } | null;
            /** @description one entry per image the pipeline read (absent only from results stored before it existed) */
            imageQuality?: components["schemas"]["ImageQuality"][];
            /** @description reasons to retake an image; empty when the capture is good */
            captureFeedback?: components["schemas"]["CaptureFeedback"][];
            request: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                userId: string;
                /**
                 * @description 1 ID, 2 Passport, 3 PassportCard, 6 GreenCard, 7 InternationalId
                 * @enum {integer}
                 */
                documentType: 1 | 2 | 3 | 6 | 7;
                content: {
                    frontImageBase64: string | null;
                    backOrSecondImageBase64: string | null;
                    faceImageBase64: string | null;
                    trackString: string | null;
                };
                /**
                 * @description 0 Pending, 1 Success, 2 Failed, 3 Expired
                 * @enum {integer}
                 */
                status: 0 | 1 | 2 | 3;
                /** @enum {string} */
                statusName: "Pending" | "Success" | "Failed" | "Expired";
                /** Format: date-time */
                created: string;
                ocrVisual: boolean;
            };
        };
        ImageQuality: {
            /** @enum {string} */
            image: "front" | "back" | "face";
            width: number;
            height: number;
            dpi: number | null;
            sharpness: number;
            glare: number;
            brightness: number;
            documentCoverage: number | null;
            cutOff: boolean | null;
            jpegQuality: number | null;
        };
        CaptureFeedback: {
            /** @enum {string} */
            image: "front" | "back" | "face";
            /** @enum {string} */
            reason: "Blurry" | "Glare" | "TooDark" | "TooSmall" | "CutOff" | "HeavyCompression";
        };
        RequestResult: {
            /** Format: uuid */
            requestId: string;
            verificationResult: components["schemas"]["VerificationResponse"] | null;
            succeeded: boolean;
            failureMessage: string | null;
            failureCode: components["schemas"]["ErrorCode"] | null;
        };
        ValidationRequest: {
            /** Format: uuid */
            validationRequestId: string;
            firstName: string | null;
            lastName: string | null;
            phone: string | null;
            email: string | null;
            openedLinkTimes: number;
            /** @description ISO 8601 UTC without zone suffix */
            createdUtc: string;
            completed: boolean;
            /**
             * @description 0 Pending, 1 Success, 2 Failed, 3 Expired
             * @enum {integer}
             */
            status: 0 | 1 | 2 | 3;
            /** @enum {string} */
            statusName: "Pending" | "Success" | "Failed" | "Expired";
            lastResponseId: string | null;
            successResponseId: string | null;
            attemptsUsed: number;
            documentExpired: boolean | null;
            metadata: {
                [key: string]: string;
            };
        };
        NewValidationRequest: {
            location?: string;
            firstName?: string;
            lastName?: string;
            phone?: string;
            email?: string;
            metadata?: {
                [key: string]: string;
            };
        };
        AttemptOutcome: {
            validationRequest: components["schemas"]["ValidationRequest"];
            /** Format: uuid */
            responseId: string;
            succeeded: boolean;
            verificationResult: components["schemas"]["VerificationResponse"] | null;
            failureCode: components["schemas"]["ErrorCode"] | null;
            failureMessage: string | null;
        };
        /** @enum {string} */
        WebhookEventType: "verification.completed" | "verification.failed" | "request.expired" | "onboarding.completed";
        NewWebhookEndpoint: {
            /** Format: uri */
            url: string;
            events?: components["schemas"]["WebhookEventType"][];
        };
        WebhookEndpoint: {
            /** Format: uuid */
            id: string;
            url: string;
            events: components["schemas"]["WebhookEventType"][];
            /** Format: date-time */
            createdAt: string;
        };
        WebhookEndpointCreated: {
            /** Format: uuid */
            id: string;
            url: string;
            events: components["schemas"]["WebhookEventType"][];
            /** Format: date-time */
            createdAt: string;
            secret: string;
        };
        WebhookDelivery: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            eventId: string;
            type: components["schemas"]["WebhookEventType"];
            /** @enum {string} */
            state: "pending" | "delivered" | "abandoned";
            attempts: number;
            /** Format: date-time */
            createdAt: string;
            lastAttemptAt: string | null;
            lastStatusCode: number | null;
            lastError: string | null;
            nextAttemptAt: string | null;
            /** @description Every attempt, newest first (the retry schedule makes at most 9) */
            attemptLog: components["schemas"]["WebhookAttempt"][];
        };
        WebhookAttempt: {
            attempt: number;
            /**
             * Format: date-time
             * @description When the attempt was sent
             */
            at: string;
            /** @description The receiver's HTTP status; null when it did not answer */
            statusCode: number | null;
            /** @description Why the attempt failed (no 2xx): "answered HTTP 500", "ECONNREFUSED", "no answer within 10 s"…; null when it succeeded */
            error: string | null;
            /** @description From sending to the answer or the failure; null when unknown */
            durationMs: number | null;
        };
        WebhookEvent: {
            /** Format: uuid */
            id: string;
            type: components["schemas"]["WebhookEventType"];
            /** Format: date-time */
            created: string;
            data: {
                /** Format: uuid */
                requestId: string;
                /**
                 * @description 1 ID, 2 Passport, 3 PassportCard, 6 GreenCard, 7 InternationalId
                 * @enum {integer}
                 */
                documentType: 1 | 2 | 3 | 6 | 7;
                /**
                 * @description 0 Pending, 1 Success, 2 Failed, 3 Expired
                 * @enum {integer}
                 */
                status: 0 | 1 | 2 | 3;
                /** @enum {string} */
                statusName: "Pending" | "Success" | "Failed" | "Expired";
                documentStatus?: number;
                faceConfidence?: number;
                code?: components["schemas"]["ErrorCode"];
                /** Format: uuid */
                validationRequestId?: string;
            };
        };
        Health: {
            /** @constant */
            status: "ok";
        };
        Ready: {
            /** @constant */
            status: "ready";
            pipeline: string;
            store: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    verify: {
        parameters: {
            query?: {
                returnContent?: "true" | "false" | "1" | "0";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RequestContentIn"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Server-Timing": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationResponse"];
                };
            };
            /** @description Error: ValidationError, MultipleErrors, OCRError, MRZOCRError, MrzIsNotPresentError, FrontImageRequiredError, BackImageOrTrackStringNotPresentError, PDF417Error, FaceDocNotDetectError, FacePhotoNotDetectError, DocumentVerifyError, TrackStringParserError, CompareFacesError, CaptureFacesError, AntiSpoofing */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ValidationError" | "MultipleErrors" | "OCRError" | "MRZOCRError" | "MrzIsNotPresentError" | "FrontImageRequiredError" | "BackImageOrTrackStringNotPresentError" | "PDF417Error" | "FaceDocNotDetectError" | "FacePhotoNotDetectError" | "DocumentVerifyError" | "TrackStringParserError" | "CompareFacesError" | "CaptureFacesError" | "AntiSpoofing";
                    };
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "PayloadTooLarge";
                    };
                };
            };
            /** @description Error: UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "UnsupportedMediaType";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    verifyStored: {
        parameters: {
            query?: {
                returnContent?: "true" | "false" | "1" | "0";
            };
            header?: never;
            path: {
                requestId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Server-Timing": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationResponse"];
                };
            };
            /** @description Error: ValidationError, MultipleErrors, OCRError, MRZOCRError, MrzIsNotPresentError, FrontImageRequiredError, BackImageOrTrackStringNotPresentError, PDF417Error, FaceDocNotDetectError, FacePhotoNotDetectError, DocumentVerifyError, TrackStringParserError, CompareFacesError, CaptureFacesError, AntiSpoofing, RequestAlreadyProcessed, RequestExpired */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ValidationError" | "MultipleErrors" | "OCRError" | "MRZOCRError" | "MrzIsNotPresentError" | "FrontImageRequiredError" | "BackImageOrTrackStringNotPresentError" | "PDF417Error" | "FaceDocNotDetectError" | "FacePhotoNotDetectError" | "DocumentVerifyError" | "TrackStringParserError" | "CompareFacesError" | "CaptureFacesError" | "AntiSpoofing" | "RequestAlreadyProcessed" | "RequestExpired";
                    };
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: Erased */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Erased";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    createRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RequestContentIn"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestSummary"];
                };
            };
            /** @description Error: ValidationError, MultipleErrors, FrontImageRequiredError, BackImageOrTrackStringNotPresentError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ValidationError" | "MultipleErrors" | "FrontImageRequiredError" | "BackImageOrTrackStringNotPresentError";
                    };
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "PayloadTooLarge";
                    };
                };
            };
            /** @description Error: UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "UnsupportedMediaType";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    getRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestSummary"];
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: Erased */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Erased";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    eraseRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: Erased */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Erased";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    getRequestContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoredContent"];
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: Erased */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Erased";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    getRequestResult: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestResult"];
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: Erased */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Erased";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"][];
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewWebhookEndpoint"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointCreated"];
                };
            };
            /** @description Error: ValidationError, BadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ValidationError" | "BadRequest";
                    };
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "PayloadTooLarge";
                    };
                };
            };
            /** @description Error: UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "UnsupportedMediaType";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"][];
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    listValidationRequests: {
        parameters: {
            query?: {
                /** @description metadata[key]=value (repeatable) or metadata={"key":"value"} */
                metadata?: string;
                /** @description only requests in this state: a value or a name, case-insensitive (2, failed) */
                status?: components["schemas"]["RequestStatus"] | ("Pending" | "Success" | "Failed" | "Expired");
                offset?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Total-Count": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationRequest"][];
                };
            };
            /** @description Error: BadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "BadRequest";
                    };
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    createValidationRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewValidationRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["NewValidationRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationRequest"];
                };
            };
            /** @description Error: BadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "BadRequest";
                    };
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "PayloadTooLarge";
                    };
                };
            };
            /** @description Error: UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "UnsupportedMediaType";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    getValidationRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationRequest"];
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: Erased */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Erased";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    eraseValidationRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: Erased */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Erased";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    recordLinkOpened: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationRequest"];
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: Erased */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Erased";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    recordAttempt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RequestContentIn"];
                "application/x-www-form-urlencoded": components["schemas"]["RequestContentIn"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttemptOutcome"];
                };
            };
            /** @description Error: ValidationError, MultipleErrors, RequestAlreadyProcessed, FrontImageRequiredError, BackImageOrTrackStringNotPresentError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ValidationError" | "MultipleErrors" | "RequestAlreadyProcessed" | "FrontImageRequiredError" | "BackImageOrTrackStringNotPresentError";
                    };
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: Erased */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Erased";
                    };
                };
            };
            /** @description Error: PayloadTooLarge */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "PayloadTooLarge";
                    };
                };
            };
            /** @description Error: UnsupportedMediaType */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "UnsupportedMediaType";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    getLastAttempt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttemptOutcome"];
                };
            };
            /** @description Error: Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Unauthorized";
                    };
                };
            };
            /** @description Error: Forbidden, HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden" | "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: Erased */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Erased";
                    };
                };
            };
            /** @description Error: TooManyRequests */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    dashboardPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, with the page's Content-Security-Policy */
            200: {
                headers: {
                    "Content-Security-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Error: HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: TooManyRequests (calls without a key, per client address) */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
        };
    };
    dashboardFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, with the page's Content-Security-Policy */
            200: {
                headers: {
                    "Content-Security-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                    "text/css": string;
                    "image/svg+xml": string;
                };
            };
            /** @description Error: HttpsRequired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "HttpsRequired";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: TooManyRequests (calls without a key, per client address) */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ready"];
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: ApiError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ApiError";
                    };
                };
            };
            /** @description Error: ServiceUnavailable */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "ServiceUnavailable";
                    };
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text format */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Error: Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "Forbidden";
                    };
                };
            };
            /** @description Error: NotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "NotFound";
                    };
                };
            };
            /** @description Error: TooManyRequests (calls without a key, per client address) */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Error: TooManyRequests (calls without a key, per client address) */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {unknown} */
                        code?: "TooManyRequests";
                    };
                };
            };
        };
    };
    webhook_verification_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description Dedupe on it: an event may arrive more than once. */
                "Idv-Event-Id": string;
                /** @description HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret, hex. */
                "Idv-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "verification.completed";
                };
            };
        };
        responses: {
            /** @description Received. Anything else, or no answer within 10 s, is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_verification_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description Dedupe on it: an event may arrive more than once. */
                "Idv-Event-Id": string;
                /** @description HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret, hex. */
                "Idv-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "verification.failed";
                };
            };
        };
        responses: {
            /** @description Received. Anything else, or no answer within 10 s, is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_request_expired: {
        parameters: {
            query?: never;
            header: {
                /** @description Dedupe on it: an event may arrive more than once. */
                "Idv-Event-Id": string;
                /** @description HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret, hex. */
                "Idv-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "request.expired";
                };
            };
        };
        responses: {
            /** @description Received. Anything else, or no answer within 10 s, is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_onboarding_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description Dedupe on it: an event may arrive more than once. */
                "Idv-Event-Id": string;
                /** @description HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret, hex. */
                "Idv-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "onboarding.completed";
                };
            };
        };
        responses: {
            /** @description Received. Anything else, or no answer within 10 s, is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
